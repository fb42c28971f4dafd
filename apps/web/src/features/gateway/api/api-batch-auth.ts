import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/auth` with `ids` and `auth`. */
export const apiBatchAuth: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.auth,
  send: (ids, auth) => http.call(gatewayApi.apiBatchAuth, { ids, auth }),
};
