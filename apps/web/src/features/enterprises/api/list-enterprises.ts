import { enterprisesApi, type Enterprise } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every enterprise-list query; the writes invalidate it. */
export const enterprisesKey = ['enterprises'] as const;

type Query = z.input<typeof enterprisesApi.enterpriseQuerySchema>;

/** One page of `enterpriseList` for the DataTable (criteria and paging from its query form). */
export const fetchEnterprisePage: FetchPage<Enterprise> = (params) => http.call(enterprisesApi.enterpriseList, params as Query);
