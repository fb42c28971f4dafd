import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { enterprisesKey } from './list-enterprises';

export type EnterpriseAddInput = z.input<typeof enterprisesApi.enterpriseAddSchema>;

/** `enterpriseAdd`: the enterprise and its first administrator; the answer holds the one-time password. */
export function useAddEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnterpriseAddInput) => http.call(enterprisesApi.enterpriseAdd, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterprisesKey }),
  });
}
