import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesApi, type Message, type MessagePreference } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { useLiveEvent } from '../../../lib/live-events';

/** Prefix of every 消息中心 query; reads and new messages invalidate it. */
export const messagesKey = ['messages'] as const;

type Query = z.input<typeof messagesApi.messageQuery.request>;

export const fetchMessagePage: FetchPage<Message> = (params) => http.call(messagesApi.messageQuery, params as Query);

/** The seat's unread total (the top bar's bell). */
export const unreadMessagesQuery = queryOptions({
  queryKey: [...messagesKey, 'unread'],
  queryFn: async () => (await http.call(messagesApi.messageQuery, { limit: 1, read: 'unread' }, { silent: true })).unread,
  staleTime: 60_000,
});

export const preferencesQuery = queryOptions({
  queryKey: [...messagesKey, 'preferences'],
  queryFn: () => http.call(messagesApi.messagePreferences, undefined),
  staleTime: 60_000,
});

export function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messagesKey, predicate: (q) => q.queryKey[1] !== 'preferences' });
}

/** New notifications, ones read elsewhere (a risk notice opened) and a resync refresh the bell and the list. */
export function useMessageEvents() {
  const refresh = useRefreshMessages();
  useLiveEvent(['message.new', 'message.read', 'stream.resync'], () => void refresh());
}

export function useMarkMessagesRead() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: (input: { ids: number[] } | { all: true }) => http.call(messagesApi.messageRead, input), onSuccess: refresh });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: MessagePreference[]) => http.call(messagesApi.messagePreferencesSave, { kinds }),
    onSuccess: (data) => queryClient.setQueryData(preferencesQuery.queryKey, data),
  });
}
