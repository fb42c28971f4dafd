import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/encrypts` with `ids` and `encrypt`. */
export const apiBatchEncrypt: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.encrypt,
  send: (ids, encrypt) => http.call(gatewayApi.apiBatchEncrypt, { ids, encrypt }),
};
