import { accountsApi, type PersonRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { accountsKey } from './list-accounts';

export const operatorsKey = [...accountsKey, 'operators'] as const;

type Query = z.input<typeof accountsApi.personQuery.request>;

/** `personQuery`: the enterprise's operators with their roles and account rights. */
export const fetchOperatorPage: FetchPage<PersonRecord> = (params) => http.call(accountsApi.personQuery, params as Query);
