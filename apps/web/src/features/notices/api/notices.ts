import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noticesApi, type CustomerNotice, type NoticeReader, type StaffNotice } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { useLiveEvent } from '../../../lib/live-events';
import { remindersKey } from '../../../lib/reminders';

/** Prefix of every notice query; reads and writes invalidate it (and the home counts). */
export const noticesKey = ['notices'] as const;

type CustomerQuery = z.input<typeof noticesApi.customerQuerySchema>;
type StaffQuery = z.input<typeof noticesApi.noticeStaffQuery.request>;
export type NoticeInput = z.input<typeof noticesApi.noticeAdd.request>;

export const fetchCustomerPage: FetchPage<CustomerNotice> = (params) => http.call(noticesApi.noticeQuery, params as CustomerQuery);
export const fetchStaffPage: FetchPage<StaffNotice> = (params) => http.call(noticesApi.noticeStaffQuery, params as StaffQuery);
export const fetchReadersPage =
  (id: number): FetchPage<NoticeReader> =>
  (params) =>
    http.call(noticesApi.noticeReaders, { ...(params as { page: number; limit: number; read?: 'read' | 'unread' }), id });

/** The seat's unread total (the bell). */
export const unreadQuery = queryOptions({
  queryKey: [...noticesKey, 'unread'],
  queryFn: async () => (await http.call(noticesApi.noticeQuery, { limit: 1, read: 'unread' }, { silent: true })).unread,
  staleTime: 60_000,
});

/** Urgent notices the seat has not acknowledged, oldest first: the dialog shows them one by one. */
export const urgentQuery = queryOptions({
  queryKey: [...noticesKey, 'urgent'],
  queryFn: async () =>
    (await http.call(noticesApi.noticeQuery, { limit: 20, read: 'unread', level: noticesApi.URGENT_LEVEL }, { silent: true })).records.reverse(),
  staleTime: 60_000,
});

/** One notice with its body; opening it records the seat's read receipt, so counts refresh after. */
export const customerDetailQuery = (id: number, markRead = true) =>
  queryOptions({ queryKey: [...noticesKey, 'detail', id, markRead], queryFn: () => http.call(noticesApi.noticeDetail, { id, markRead }), staleTime: 0 });

export const staffDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...noticesKey, 'staff-detail', id], queryFn: () => http.call(noticesApi.noticeStaffDetail, { id }), staleTime: 0 });

export const enterprisesQuery = queryOptions({
  queryKey: [...noticesKey, 'enterprises'],
  queryFn: () => http.call(noticesApi.noticeEnterprises, undefined),
  staleTime: 300_000,
});

/** Every notice change refreshes the lists, the bell and the home counts (an open body stays as it is). */
export function useRefreshNotices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: noticesKey, predicate: (q) => q.queryKey[1] !== 'detail' && q.queryKey[1] !== 'staff-detail' }),
      queryClient.invalidateQueries({ queryKey: remindersKey }),
    ]);
}

/** Notices published or withdrawn elsewhere: the lists, the bell and the urgent dialog reload (the stream's resync too). */
export function useNoticeEvents() {
  const refresh = useRefreshNotices();
  useLiveEvent(['riskNotice.published', 'riskNotice.urgent', 'home.changed', 'stream.resync'], () => void refresh());
}

function useNoticeWrite<I, O>(write: (input: I) => Promise<O>) {
  const refresh = useRefreshNotices();
  return useMutation({ mutationFn: write, onSuccess: refresh });
}

export const useMarkRead = () => useNoticeWrite((input: { ids: number[] } | { all: true }) => http.call(noticesApi.noticeRead, input));
export const useAddNotice = () => useNoticeWrite((input: NoticeInput) => http.call(noticesApi.noticeAdd, input));
export const useUpdateNotice = () => useNoticeWrite((input: NoticeInput & { id: number; version: number }) => http.call(noticesApi.noticeUpdate, input));
export const usePublishNotice = () => useNoticeWrite((id: number) => http.call(noticesApi.noticePublish, { id }));
export const useWithdrawNotice = () => useNoticeWrite((input: { id: number; reason: string }) => http.call(noticesApi.noticeWithdraw, input));
