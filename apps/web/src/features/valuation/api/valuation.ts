import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { valuationApi, type ValuationImportRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { useLiveEvent } from '../../../lib/live-events';

/** Prefix of every valuation query; an import invalidates it. */
export const valuationKey = ['valuation'] as const;

export type ImportInput = z.input<typeof valuationApi.valuationImportSchema>;
export type StatementInput = z.input<typeof valuationApi.statementRequestSchema>;
type NavInput = z.input<typeof valuationApi.navSeriesRequestSchema>;

/** `feed/format/query`: the data file formats in force. */
export const useFeedFormats = () => useQuery({ queryKey: [...valuationKey, 'formats'], queryFn: () => http.call(valuationApi.feedFormatQuery, {}) });

/** `valuation/product/query`: the products the session may read. */
export const useValuationProducts = () => useQuery({ queryKey: [...valuationKey, 'products'], queryFn: () => http.call(valuationApi.valuationProductQuery, {}) });

/** `valuation/statement/query`: one statement; a day without one is an empty answer, not a toast. */
export const useStatement = (input: StatementInput | null) =>
  useQuery({
    queryKey: [...valuationKey, 'statement', input],
    queryFn: () => http.call(valuationApi.valuationStatementQuery, input!, { silent: true }),
    enabled: input !== null,
    retry: false,
  });

/** `valuation/nav/query`: the NAV series over a period. */
export const useNavSeries = (input: NavInput | null) =>
  useQuery({ queryKey: [...valuationKey, 'nav', input], queryFn: () => http.call(valuationApi.valuationNavQuery, input!), enabled: input !== null });

export const downloadStatementXlsx = (input: StatementInput) =>
  http.download(valuationApi.valuationStatementDownload, input, `估值表_${input.productCode}_${input.valuationDate.replace(/-/g, '')}.xlsx`);
export const downloadStatementPdf = (input: StatementInput) =>
  http.download(valuationApi.valuationStatementPdf, input, `估值表_${input.productCode}_${input.valuationDate.replace(/-/g, '')}.pdf`);

/** `custodian/valuation/import/query`: the imported files, newest first. */
export const fetchImportPage: FetchPage<ValuationImportRecord> = (params) => http.call(valuationApi.custodianValuationImportQuery, params as z.input<typeof valuationApi.custodianValuationImportQuery.request>);

/** A preview writes nothing; its refusal of the whole file is shown beside the file. */
export const previewValuation = (input: ImportInput) => http.call(valuationApi.custodianValuationImport, { ...input, preview: true }, { silent: true });
export function useImportValuation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => http.call(valuationApi.custodianValuationImport, { ...input, preview: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: valuationKey }),
  });
}

/** The bank imported valuation statements for the enterprise: what the open screens show reloads. */
export function useStatementEvents() {
  const queryClient = useQueryClient();
  useLiveEvent('statement.imported', (event) => {
    if (event.ids?.includes('valuation')) void queryClient.invalidateQueries({ queryKey: valuationKey });
  });
}
