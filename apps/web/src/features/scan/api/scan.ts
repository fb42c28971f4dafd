import { queryOptions, useMutation } from '@tanstack/react-query';
import { portalCrypto } from '@portal/crypto';
import { scanApi } from '@portal/shared';
import { http } from '../../../lib/http';

/** `scanInfo`: who asks to log in with this ticket (the page shows a refusal itself). */
export const scanInfoQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['scan', ticket],
    queryFn: () => http.call(scanApi.scanInfo, { ticket }, { silent: true }),
    enabled: ticket !== '',
    retry: false,
  });

/**
 * `scanConfirm` (signed by the phone's device key, the ticket named by its SM3, with the number
 * picked when confirming): resolves to the answer given; a refusal is the page's to show.
 */
export const useScanAnswer = (ticket: string) =>
  useMutation({
    mutationFn: async ({ result, matchNumber }: { result: 'confirm' | 'deny'; matchNumber?: string }) => {
      const ticketSm3 = portalCrypto.toHex(await portalCrypto.sm3(portalCrypto.utf8Encode(ticket)));
      await http.call(scanApi.scanConfirm, { ticket, ticketSm3, result, ...(matchNumber ? { matchNumber } : {}) }, { silent: true });
      return result;
    },
  });
