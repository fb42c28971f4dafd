import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cutoffsApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';

/** Prefix of every cut-off query; a save invalidates it. */
export const cutoffsKey = ['cutoffs'] as const;

export type CutoffInput = z.input<typeof cutoffsApi.cutoffSave.request>;

export const cutoffsQuery = () => queryOptions({ queryKey: cutoffsKey, queryFn: () => http.call(cutoffsApi.cutoffList), staleTime: 60_000 });

export function useSaveCutoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CutoffInput) => http.call(cutoffsApi.cutoffSave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cutoffsKey }),
  });
}
