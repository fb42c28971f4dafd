import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import type { BatchFlagCall } from './batch-flag';

/** `POST {urlPrefix}/api/batch/update/open` with `ids` and `open`. */
export const apiBatchOpen: BatchFlagCall = {
  field: gatewayApi.BATCH_FIELDS.open,
  // The contract's request type names all four batch keys (its helper widens `key`); the schema takes only `open`.
  send: (ids, open) => http.call(gatewayApi.apiBatchOpen, { ids, open } as unknown as OperationInput<typeof gatewayApi.apiBatchOpen>),
};
