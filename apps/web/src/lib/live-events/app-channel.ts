import { eventsApi } from '@portal/shared';
import { API_BASE, ApiError, apiUrl, http, pathOf } from '../http';
import { createLiveEventChannel } from './channel';

/** The app's one live event channel: tickets through the one HTTP client, the stream by `EventSource`. */
export const liveEvents = createLiveEventChannel({
  ticket: async () => (await http.call(eventsApi.eventTicket, undefined, { silent: true })).ticket,
  open: (ticket, lastEventId) =>
    new EventSource(apiUrl(`${API_BASE}${pathOf(eventsApi.eventStream)}?${new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) })}`)),
  isFinal: (err) => err instanceof ApiError && err.status === 401,
});
