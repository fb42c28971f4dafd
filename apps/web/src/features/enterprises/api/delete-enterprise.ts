import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { enterprisesKey } from './list-enterprises';

/** `enterpriseDelete`: only an enterprise without users; the server refuses the others. */
export function useDeleteEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enterpriseNo: string) => http.call(enterprisesApi.enterpriseDelete, { enterpriseNo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterprisesKey }),
  });
}
