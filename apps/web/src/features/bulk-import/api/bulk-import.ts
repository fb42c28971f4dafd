import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkImportApi, type ImportRecord } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import type { UploadFile } from '../../../lib/upload';

/** Prefix of the import list; an import invalidates it. */
export const importsKey = ['bulkImport'] as const;

export const fetchImportPage: FetchPage<ImportRecord> = (params) => http.call(bulkImportApi.importQuery, params as z.input<typeof bulkImportApi.importQuery.request>);

/** `instruction/import/trial`: the file judged, nothing written. */
export const tryImport = (file: UploadFile, submit: boolean) => http.call(bulkImportApi.importTrial, { ...file, submit });

export interface ImportChoice {
  file: UploadFile;
  fileSm3: string;
  rowCount: number;
  submit: boolean;
  allowDuplicate: boolean;
}

/** `instruction/import/confirm`, signed by the HTTP client over the file's SM3, its count and the maker's choices. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...choice }: ImportChoice) => http.call(bulkImportApi.importConfirm, { ...file, ...choice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}

export const downloadTemplate = () => http.download(bulkImportApi.importTemplate, {});

export const downloadReport = (id: number, format: 'xml' | 'csv') => http.download(bulkImportApi.importReport, { id, format });
