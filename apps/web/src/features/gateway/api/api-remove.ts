import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { apiListKey } from './api-page';

/** `POST {urlPrefix}/api/remove`: only definitions staff added (no `contractId`) can go. */
export function useApiRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiId: number) => http.call(gatewayApi.apiRemove, { apiId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
