import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { enterprisesApi, gatewayApi, partnersApi, usersApi, type OperationInput } from '@portal/shared';
import { http } from '../../../lib/http';

const clientsKey = ['partners', 'clients'];

/** `partnerList`: every partner system's client, never its secret. */
export const partnersQuery = queryOptions({ queryKey: clientsKey, queryFn: () => http.call(partnersApi.partnerList) });

/** `enterpriseAll`: the enterprises a partner may belong to (its data scope). */
export const enterprisesQuery = queryOptions({ queryKey: ['partners', 'enterprises'], queryFn: () => http.call(enterprisesApi.enterpriseAll) });

/** `userAll` of one enterprise: the seats a partner of it may act as. */
export const seatsQuery = (enterpriseNo: string | undefined) =>
  queryOptions({
    queryKey: ['partners', 'seats', enterpriseNo],
    queryFn: () => http.call(usersApi.userAll, { enterpriseNo }),
  });

/** `apiAll`, narrowed to the operations open to partners and in service: what a partner may be given. */
export const openApisQuery = queryOptions({
  queryKey: ['partners', 'open-apis'],
  queryFn: async () => (await http.call(gatewayApi.apiAll, {})).filter((a) => a.isOpen === 1 && a.status === 1),
});

/** A partner mutation that reads the list again once done. */
function usePartnerMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }) });
}

/** `partnerAdd`: answers the new client's id and its secret, shown this once. */
export const useAddPartner = () => usePartnerMutation((input: OperationInput<typeof partnersApi.partnerAdd>) => http.call(partnersApi.partnerAdd, input));
export const useUpdatePartner = () =>
  usePartnerMutation((input: OperationInput<typeof partnersApi.partnerUpdate>) => http.call(partnersApi.partnerUpdate, input));
/** `partnerRotate`: a new secret (shown once); the old one stops working. */
export const useRotatePartner = () => usePartnerMutation((clientId: string) => http.call(partnersApi.partnerRotate, { clientId }));
export const useRevokePartner = () => usePartnerMutation((clientId: string) => http.call(partnersApi.partnerRevoke, { clientId }));
