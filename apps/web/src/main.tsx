import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRoutes, loadRoute } from './app/router.tsx';
import { keepEarlyTaps, keepEarlyTyping, whenHydrated } from './lib/early-taps.tsx';
import './styles/main.scss';

const root = document.getElementById('root')!;

const app = (
  <StrictMode>
    <Providers session={root.hasAttribute('data-session')}>
      <BrowserRouter>
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
  void loadRoute(window.location.pathname).then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}

// Field measurement, its code included, loads after the page, so it costs the first paint nothing.
const reportWebVitals = () => void import('./lib/vitals.ts').then((m) => m.reportWebVitals());
if (document.readyState === 'complete') reportWebVitals();
else window.addEventListener('load', reportWebVitals, { once: true });
