import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/auth` with `ids` and `auth`. */
export const apiBatchAuth: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.auth,
  // The contract's request type names all four batch keys (its helper widens `key`); the schema takes only `auth`.
  send: (ids, auth) => http.call(gatewayApi.apiBatchAuth, { ids, auth } as unknown as OperationInput<typeof gatewayApi.apiBatchAuth>),
};
