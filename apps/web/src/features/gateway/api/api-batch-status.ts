import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/status` with `ids` and `status`. */
export const apiBatchStatus: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.status,
  send: (ids, status) => http.call(gatewayApi.apiBatchStatus, { ids, status }),
};
