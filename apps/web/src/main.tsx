import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { splitLocalePath } from '@nirmaan/shared/i18n';
import { loadI18n, rememberFirstLocale } from './lib/i18n.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRoutes, loadRoute } from './app/router.tsx';
import { keepEarlyTaps, keepEarlyTyping, whenHydrated } from './lib/early-taps.tsx';
import './styles/main.scss';

const root = document.getElementById('root')!;
// The address says the language (`/hi/...`); the router works below that prefix, so every link keeps it.
const { locale, basename, rest } = splitLocalePath(window.location.pathname);
document.documentElement.lang = `${locale}-IN`;
rememberFirstLocale(locale);

const app = (i18n: I18n) => (
  <StrictMode>
    <Providers session={root.hasAttribute('data-session')} i18n={i18n}>
      <BrowserRouter basename={basename}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A server-rendered page carries its queries' data (docs/decisions/023): the app takes over the markup as it is.
const serverState = document.getElementById('ssr-state');
if (serverState?.textContent) {
  const replayTaps = keepEarlyTaps();
  // Text typed early first, so that a held "Check" or "Add to Cart" acts on it.
  whenHydrated(() => {
    keepEarlyTyping();
    replayTaps();
  });
  hydrate(queryClient, JSON.parse(serverState.textContent));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree. Taps meanwhile are held and replayed once the page is live (lib/early-taps.tsx).
  // The page's catalogue and its chunk, asked for at once, then hydration with the server's very words.
  void Promise.all([loadI18n(locale), loadRoute(rest)]).then(([i18n]) => startTransition(() => void hydrateRoot(root, app(i18n))));
} else {
  void loadI18n(locale).then((i18n) => createRoot(root).render(app(i18n)));
}

// Field measurement, its code included, loads after the page, so it costs the first paint nothing.
const reportWebVitals = () => void import('./lib/vitals.ts').then((m) => m.reportWebVitals());
if (document.readyState === 'complete') reportWebVitals();
else window.addEventListener('load', reportWebVitals, { once: true });
