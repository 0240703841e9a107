import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ApiError } from '../lib/api.ts';
import { ToastProvider } from '../components/ui/toast.tsx';
import { SessionHint } from '../lib/session.ts';

/** The browser's one client; the server renders each page with its own (`client`). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

/**
 * `session`: the page was rendered on the server for a browser with a session cookie (`SessionHint`). `i18n`: the
 * page's language with its catalogue loaded (lib/i18n.ts); the server renders each page with its own.
 */
export function Providers({ children, client = queryClient, session = false, i18n }: { children: ReactNode; client?: QueryClient; session?: boolean; i18n: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SessionHint value={session}>
          <ToastProvider>{children}</ToastProvider>
        </SessionHint>
      </QueryClientProvider>
    </I18nProvider>
  );
}
