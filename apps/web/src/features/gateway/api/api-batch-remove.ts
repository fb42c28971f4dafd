import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatewayApi } from '@portal/shared';
import { http } from '../../../lib/http';
import { apiListKey } from './api-page';

/** `POST {urlPrefix}/api/batch/remove`: `ids` comma-joined; answers how many went. */
export function useApiBatchRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiIds: readonly number[]) => http.call(gatewayApi.apiBatchRemove, { ids: apiIds.join(',') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiListKey }),
  });
}
