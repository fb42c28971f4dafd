import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { HOME_COUNT_EVENT_KINDS, type LiveEvent, type LiveEventKind } from '@portal/shared';
import { remindersKey } from '../reminders';
import { liveEvents } from './app-channel';

/**
 * Calls handler with each live event of these kinds while the component is mounted; the
 * handler always sees the component's latest props and state. Events carry kinds, ids and
 * counts only: fetch the details through the HTTP client.
 */
export function useLiveEvent(kinds: LiveEventKind | readonly LiveEventKind[], handler: (event: LiveEvent) => void) {
  const onEvent = useEffectEvent(handler);
  const key = [kinds].flat().join(',');
  useEffect(() => liveEvents.subscribe(key.split(',') as LiveEventKind[], (event) => onEvent(event)), [key]);
}

/** The console's stream: open while it is shown; the home counts reload when an event may change them. */
export function useLiveEventStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    liveEvents.start();
    return () => liveEvents.stop();
  }, []);
  useLiveEvent(HOME_COUNT_EVENT_KINDS, () => void queryClient.invalidateQueries({ queryKey: remindersKey }));
}
