import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { reportWebVitals } from './lib/vitals.ts';
import './styles/main.scss';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

// Field measurement loads after the page, so it costs the first paint nothing.
if (document.readyState === 'complete') reportWebVitals();
else window.addEventListener('load', () => reportWebVitals(), { once: true });
