import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/open` with `ids` and `open`. */
export const apiBatchOpen: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.open,
  send: (ids, open) => http.call(gatewayApi.apiBatchOpen, { ids, open }),
};
