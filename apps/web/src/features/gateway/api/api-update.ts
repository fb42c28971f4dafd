import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';
import { apiListKey } from './api-page';

/** `POST {urlPrefix}/api/update`: the fields plus `apiId`; the server refuses what a row's locks forbid. */
export function useApiUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof gatewayApi.apiUpdate>) => http.call(gatewayApi.apiUpdate, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
