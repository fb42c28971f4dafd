import { accountsApi, type AccountRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every account query of this feature; each write invalidates it. */
export const accountsKey = ['accounts'] as const;

/** 已添加 (in e-banking) or 未添加 (in the register only). */
export type AddedState = 'added' | 'notAdded';

export type AccountFilter = z.input<typeof accountsApi.accountFilterSchema>;
type Query = z.input<typeof accountsApi.accountQuerySchema>;

/** One page of `queryAccountInfo` for the DataTable, on one side of the added/not-added line. */
export const fetchAccountPage =
  (added: AddedState): FetchPage<AccountRecord> =>
  (params) =>
    http.call(accountsApi.queryAccountInfo, { ...(params as Query), added });
