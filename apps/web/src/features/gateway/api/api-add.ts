import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import { apiListKey } from './api-page';

/** `POST {urlPrefix}/api/add`: a definition for a route served elsewhere behind the gateway. */
export function useApiAdd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof gatewayApi.apiAdd>) => http.call(gatewayApi.apiAdd, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
