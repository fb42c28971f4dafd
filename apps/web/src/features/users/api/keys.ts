import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Prefix of every query of the user screens (list, detail, locks, roles, seats, enterprises): a
 * write changes logins, seats and role members at once, so each one reads them all again.
 */
export const usersKey = ['users'] as const;

/** A write of the user screens: on success every users query is read again. */
export function useUsersWrite<In, Out>(write: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
