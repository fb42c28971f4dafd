import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UiProviders } from '../components/ui-providers';

const queryClient = new QueryClient({
  defaultOptions: {
    // Banking data should not silently refetch behind a clerk's back; screens refresh on purpose.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </UiProviders>
  );
}
