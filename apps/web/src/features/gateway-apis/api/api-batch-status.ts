import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/status` with `ids` and `status`. */
export const apiBatchStatus: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.status,
  // The contract's request type names all four batch keys (its helper widens `key`); the schema takes only `status`.
  send: (ids, status) => http.call(gatewayApi.apiBatchStatus, { ids, status } as unknown as OperationInput<typeof gatewayApi.apiBatchStatus>),
};
