import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../lib/media-query';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    // Banking data should not silently refetch behind a clerk's back; screens refresh on purpose.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  // People who asked their system for less motion get none: menus, dialogs and drawers appear at once.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#c8102e', colorLink: '#c8102e', borderRadius: 4, motion: !reduceMotion } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
