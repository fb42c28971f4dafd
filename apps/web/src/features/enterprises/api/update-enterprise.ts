import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { enterprisesKey } from './list-enterprises';

export type EnterpriseUpdateInput = z.input<typeof enterprisesApi.enterpriseUpdateSchema>;

/** `enterpriseUpdate`: name and type (the number is fixed). */
export function useUpdateEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnterpriseUpdateInput) => http.call(enterprisesApi.enterpriseUpdate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterprisesKey }),
  });
}
