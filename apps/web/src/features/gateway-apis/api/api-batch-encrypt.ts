import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/encrypts` with `ids` and `encrypt`. */
export const apiBatchEncrypt: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.encrypt,
  // The contract's request type names all four batch keys (its helper widens `key`); the schema takes only `encrypt`.
  send: (ids, encrypt) => http.call(gatewayApi.apiBatchEncrypt, { ids, encrypt } as unknown as OperationInput<typeof gatewayApi.apiBatchEncrypt>),
};
