import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';

/** Prefix of every calendar query; each write invalidates it. */
export const calendarKey = ['calendar'] as const;

export type DayInput = z.input<typeof calendarApi.calendarDaySave.request>;
export type ImportInput = Omit<z.input<typeof calendarApi.calendarImportSchema>, 'preview'>;

export const yearQuery = (year: number) =>
  queryOptions({ queryKey: [...calendarKey, year], queryFn: () => http.call(calendarApi.calendarYear, { year }), staleTime: 60_000 });

function useCalendarWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }) });
}

export const useSaveDay = () => useCalendarWrite((input: DayInput) => http.call(calendarApi.calendarDaySave, input));
export const useClearDay = () => useCalendarWrite((date: string) => http.call(calendarApi.calendarDayClear, { date }));
/** Checks the file only: the answer lists each wrong row, nothing is written. */
export const previewCalendar = (input: ImportInput) => http.call(calendarApi.calendarImport, { ...input, preview: true }, { silent: true });
export const useImportCalendar = () => useCalendarWrite((input: ImportInput) => http.call(calendarApi.calendarImport, { ...input, preview: false }));
