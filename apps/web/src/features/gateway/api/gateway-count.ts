import { queryOptions } from '@tanstack/react-query';
import { gatewayApi, type OperationData } from '@portal/shared';
import { http } from '../../../lib/http';

export type CallCount = OperationData<typeof gatewayApi.gatewayCount>[number];

/** `POST {prefix}/gateway/count`: calls and errors per operation of this server, by apiId. */
export const gatewayCountQuery = queryOptions({
  queryKey: ['gateway', 'counts'],
  queryFn: async () => new Map((await http.call(gatewayApi.gatewayCount)).map((c) => [c.apiId, c])),
  staleTime: 30_000,
});
