import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlagField } from '@portal/shared';
import { apiListKey } from './api-page';

/** One of spec §7's four batch flag updates: the flag it sets and its call. */
export interface BatchFlagCall {
  field: FlagField;
  send: (ids: string, value: 0 | 1) => Promise<{ changed: number }>;
}

/** Sets `call`'s flag on the given definitions; answers how many changed. */
export function useBatchFlag(call: BatchFlagCall) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiIds, value }: { apiIds: readonly number[]; value: 0 | 1 }) => call.send(apiIds.join(','), value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
