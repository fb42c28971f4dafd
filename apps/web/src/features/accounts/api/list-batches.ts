import { accountsApi, type AccountBatch } from '@portal/shared';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

export const batchesKey = [...accountsKey, 'batches'] as const;

/** `accountBatchQuery`: the enterprise's accepted batch uploads, newest first. */
export const fetchBatchPage: FetchPage<AccountBatch> = ({ page, limit }) => http.call(accountsApi.accountBatchQuery, { page, limit });
