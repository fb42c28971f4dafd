import { queryOptions, useMutation } from '@tanstack/react-query';
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

/** `scanConfirm` (signed by the phone's device key): resolves to the answer given. */
export const useScanAnswer = (ticket: string) =>
  useMutation({ mutationFn: (result: 'confirm' | 'deny') => http.call(scanApi.scanConfirm, { ticket, result }).then(() => result) });
