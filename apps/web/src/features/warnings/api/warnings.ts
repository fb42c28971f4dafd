import { useMutation, useQueryClient } from '@tanstack/react-query';
import { warningsApi, type WarningFeed, type WarningRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { useLiveEvent } from '../../../lib/live-events';
import { remindersKey } from '../../../lib/reminders';

/** Prefix of every warning query; a handle or an import invalidates it (and the home counts). */
export const warningsKey = ['warnings'] as const;

export type WarningFilter = z.input<typeof warningsApi.warningFilterSchema>;
export type WarningQuery = z.input<typeof warningsApi.warningQuerySchema>;
export type HandleInput = z.input<typeof warningsApi.warningHandleSchema>;
export type ImportInput = z.input<typeof warningsApi.warningImportSchema>;
type CustodianQuery = z.input<typeof warningsApi.custodianWarningQuerySchema>;
type FeedQuery = z.input<typeof warningsApi.custodianWarningFeedQuery.request>;

/** A handle or an import changes the lists and the home counts. */
export function useWarningWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: warningsKey }), queryClient.invalidateQueries({ queryKey: remindersKey })]),
  });
}

/** Warnings imported by staff while a list is open (or events missed): the lists reload. */
export function useWarningEvents() {
  const queryClient = useQueryClient();
  useLiveEvent(['warning.imported', 'stream.resync'], () => void queryClient.invalidateQueries({ queryKey: warningsKey }));
}

/** `custodian/warning/query`: one kind across every enterprise (bank staff). */
export const fetchCustodianPage =
  (kind: CustodianQuery['kind']): FetchPage<WarningRecord> =>
  (params) =>
    http.call(warningsApi.custodianWarningQuery, { ...(params as Omit<CustodianQuery, 'kind'>), kind });

/** `custodian/warning/feed/query`: the imported feeds, newest first. */
export const fetchFeedPage: FetchPage<WarningFeed> = (params) => http.call(warningsApi.custodianWarningFeedQuery, params as FeedQuery);

/** `custodian/warning/import`: a preview writes nothing and is no write for the lists. */
/** A preview's refusal of the whole file is shown beside the file, not as a toast. */
export const previewFeed = (input: ImportInput) => http.call(warningsApi.custodianWarningImport, { ...input, preview: true }, { silent: true });
export const useImportFeed = () => useWarningWrite((input: ImportInput) => http.call(warningsApi.custodianWarningImport, { ...input, preview: false }));
