import type { ComponentType, ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages as english } from '../src/locales/en.po';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toast.tsx';

/**
 * The one way web tests render: a router inside the app's providers (no retries, so failures show at once).
 * renderPage, renderRoutes, renderApp and renderUi are its shapes; stubApi and stubFetch answer the page's calls.
 */
/** English, the source language, with its catalogue: what the spec's texts are checked in. */
export const englishI18n = setupI18n({ locale: 'en', messages: { en: english } });

/** The language tests render in; `renderIn` sets another one for one render. */
let testI18n: I18n = englishI18n;

/** Renders with `i18n` (a language with its catalogue) instead of English: `renderIn(hindi, () => renderPage(...))`. */
export function renderIn<T>(i18n: I18n, renderFn: () => T): T {
  testI18n = i18n;
  try {
    return renderFn();
  } finally {
    testI18n = englishI18n;
  }
}

function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18n = testI18n;
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, client, router };
}

/** One request the page made, with its JSON body parsed. */
export interface Call { method: string; path: string; body: unknown }
export interface Answer { status?: number; body?: unknown }
type Responder = (call: Call) => Answer | Promise<Answer> | undefined;

/** A server error in the API's shape (ErrorBody). */
export const failure = (status: number, message: string, code: string): Answer => ({ status, body: { message, code } });

/**
 * How the server refuses on the spec's login calls (/fetch/userprofile, /verifyotp, /login-with-otp): 200 with the
 * message to show and its code, no user (docs/decisions/013).
 */
export const refusal = (message: string, code: string): Answer => ({ status: 200, body: { message, code } });

/** The code calls of a server that mails 123456: /sendotp succeeds, /verifyotp accepts only that code. */
export function mailedCode(c: Call): Answer | undefined {
  if (c.path === '/sendotp') return { body: { message: 'OTP sent to your email' } };
  if (c.path === '/verifyotp') {
    return (c.body as { otp: string }).otp === '123456' ? { body: { message: 'OTP verified' } } : refusal('Invalid OTP', 'BAD_REQUEST');
  }
  return undefined;
}

/** A responder that throws makes fetch reject, as it does when the server cannot be reached. */
export const unreachable = (): never => {
  throw new TypeError('Failed to fetch');
};

/**
 * Answers fetch from a function of the call; Google stays off and there is no server session unless the
 * responder says otherwise, and anything else unanswered is a 404.
 */
export function stubApi(respond: Responder = () => undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: Call = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = (await respond(call))
      ?? (path === '/api/config' ? { body: { googleClientId: null } } : undefined)
      ?? (path === '/api/session' ? { body: { user: null } } : undefined)
      ?? failure(404, 'Not found', 'NOT_FOUND');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** A promise the test settles, to look at a page while its call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Shell({ context, withSearch }: { context?: unknown; withSearch?: boolean }) {
  const location = useLocation();
  return <><Outlet context={context} /><output data-testid="location">{location.pathname + (withSearch ? location.search : '')}</output></>;
}

/**
 * Renders `Page` at `path` inside the app's providers; other paths show a placeholder. `pattern` is the route's
 * path when it has parameters; `context` is what a frame hands its pages (the vendor portal's vendor); `withSearch`
 * makes location() include the query string.
 */
export function renderPage(Page: ComponentType, path: string, opts: { pattern?: string; context?: unknown; withSearch?: boolean } = {}) {
  const router = createMemoryRouter([{
    element: <Shell context={opts.context} withSearch={opts.withSearch} />,
    children: [
      { path: opts.pattern ?? path, element: <Page /> },
      { path: '*', element: <p>Another page</p> },
    ],
  }], { initialEntries: [path] });
  return { ...renderRouter(router), location: () => screen.getByTestId('location').textContent };
}

/** Renders `routes` at `url` (with its query string and an optional history state). */
export function renderRoutes(url: string, routes: RouteObject[], state?: unknown) {
  const [pathname, search] = url.split('?');
  return renderRouter(createMemoryRouter(routes, { initialEntries: [{ pathname, search: search === undefined ? '' : `?${search}`, state }] }));
}

/**
 * Renders an app's `routes` at `entry` (with its query string) under a frame that shows where the app has
 * navigated: `location()`, the path and, with `withSearch`, the query. For the portals with frames of their own
 * (the vendor portal, the operator console) and the pages beside them (their login and signup).
 */
export function renderApp(entry: string, routes: RouteObject[], opts: { withSearch?: boolean } = {}) {
  const view = renderRoutes(entry, [{ element: <Shell withSearch={opts.withSearch} />, children: routes }]);
  return { ...view, location: () => screen.getByTestId('location').textContent };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` at `path` whatever the path; the current URL (with its query) is readable from `location()`. */
export function renderUi(ui: ReactNode, path = '/') {
  const view = renderRouter(createMemoryRouter([{ path: '*', element: <>{ui}<LocationProbe /></> }], { initialEntries: [path] }));
  return { ...view, location: () => view.getByTestId('location').textContent };
}

type UrlResponder = (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/** Answers fetch from a function of the URL; anything it does not answer is a 404. */
export function stubFetch(respond: UrlResponder) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = respond(url, init) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The toast showing `text`, found by its text; its class carries the variant colour. */
export async function findToast(text: string) {
  const body = await screen.findByText(text, { selector: '.toast-body' });
  return body.closest('.toast')!;
}

/** Every toast message on screen, oldest first. */
export const toastTexts = () => [...document.querySelectorAll('.toast-body')].map((el) => el.textContent);

/**
 * Fakes only the page's own timers (redirects, toasts, banners), and the clock moves only when a test says: a slow
 * machine cannot run out a 1.5-second redirect before the checks. findBy and waitFor wait on a faked setTimeout, so
 * with these use toastWithoutTime.
 */
export const FAKE_PAGE_TIMERS = { toFake: ['setTimeout', 'clearTimeout'] } as Parameters<typeof vi.useFakeTimers>[0];

/**
 * Waits for a toast without moving a fake clock: the stubbed calls and React's renders need no timers, only
 * turns of the event loop (findBy* would wait on a faked setTimeout).
 */
export async function toastWithoutTime(text: string) {
  for (let turn = 0; turn < 200; turn++) {
    const body = [...document.querySelectorAll('.toast-body')].find((el) => el.textContent === text);
    if (body) return body.closest('.toast')!;
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  throw new Error(`No toast "${text}"`);
}

/** Moves the fake clock and lets React render what the timers did. */
export const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
