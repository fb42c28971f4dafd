import { eventsApi, scanApi } from '@portal/shared';
import { devicePublicKey } from '../../../lib/device-key';
import { API_BASE, apiUrl, http, pathOf } from '../../../lib/http';

/** `scanConfig`: whether the deployment offers scan-code login (spec §1 ableScan). */
export const fetchScanConfig = () => http.call(scanApi.scanConfig, undefined, { silent: true });

/** `scanTicket`: a QR code's ticket, bound to this browser's device key, and the ticket of its event stream. */
export const requestScanTicket = async () => http.call(scanApi.scanTicket, { deviceKey: await devicePublicKey() }, { silent: true });

/** The event stream that tells the page when the phone confirmed or denied (`eventStream`). */
export const scanEventStream = (streamTicket: string) =>
  new EventSource(apiUrl(`${API_BASE}${pathOf(eventsApi.eventStream)}?${new URLSearchParams({ ticket: streamTicket })}`));

/** `scanToken`: the confirmed code exchanged for the session's token. */
export const exchangeScanCode = (code: string) => http.call(scanApi.scanToken, { code }, { silent: true }).then(({ access_token }) => access_token);
