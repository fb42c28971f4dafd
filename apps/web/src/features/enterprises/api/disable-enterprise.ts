import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { enterprisesKey } from './list-enterprises';

/** `enterpriseDisable`: its users can no longer log in and their live sessions end. */
export function useDisableEnterprise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enterpriseNo: string) => http.call(enterprisesApi.enterpriseDisable, { enterpriseNo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterprisesKey }),
  });
}
