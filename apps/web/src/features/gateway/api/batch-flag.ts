import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlagField, HeldChange } from '@portal/shared';
import { apiListKey } from './api-page';

/** One of spec §7's four batch flag updates: the flag it sets and its call. */
export interface BatchFlagCall {
  field: FlagField;
  /** A change that loosens a call answers the held change (待审批变更) instead. */
  send: (ids: string, value: 0 | 1) => Promise<{ changed: number } | HeldChange>;
}

/** Sets `call`'s flag on the given definitions; answers how many changed. */
export function useBatchFlag(call: BatchFlagCall) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiIds, value }: { apiIds: readonly number[]; value: 0 | 1 }) => call.send(apiIds.join(','), value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
