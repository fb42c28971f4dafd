import { gatewayApi, type ApiDefinition, type OperationInput } from '@portal/shared';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

type PageInput = OperationInput<typeof gatewayApi.apiPage>;

/** Prefix of every API definition list; invalidate it after a change. */
export const apiListKey = ['gateway', 'list'] as const;

/** The query form's criteria, as `GET {urlPrefix}/api` takes them. */
export type ApiCriteria = Pick<PageInput, 'path' | 'apiName' | 'apiCode' | 'serviceId'>;

/** One page of definitions for the DataTable: its paging plus the query form's criteria. */
export const fetchApiPage: FetchPage<ApiDefinition> = (params) => http.call(gatewayApi.apiPage, params as PageInput);

/** The server's largest page: an export asks for the list in as few calls as it can. */
const EXPORT_PAGE_SIZE = 1000;

/** Every definition matching `criteria`, page after page (the export of what the table lists). */
export async function fetchAllApis(criteria: ApiCriteria): Promise<ApiDefinition[]> {
  const rows: ApiDefinition[] = [];
  for (let page = 1; ; page++) {
    const { records, total } = await http.call(gatewayApi.apiPage, { ...criteria, page, limit: EXPORT_PAGE_SIZE });
    rows.push(...records);
    if (records.length < EXPORT_PAGE_SIZE || rows.length >= total) return rows;
  }
}
