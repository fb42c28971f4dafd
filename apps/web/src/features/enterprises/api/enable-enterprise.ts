import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { enterprisesKey } from './list-enterprises';

/** `enterpriseEnable`: its users may log in again. */
export function useEnableEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enterpriseNo: string) => http.call(enterprisesApi.enterpriseEnable, { enterpriseNo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterprisesKey }),
  });
}
