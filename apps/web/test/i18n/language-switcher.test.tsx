import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { LanguageSwitcher } from '../../src/app/language-switcher.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { rememberFirstLocale } from '../../src/lib/i18n.ts';
import { renderUi } from '../render.tsx';

vi.setConfig({ testTimeout: 30_000 });
const fetchMock = vi.fn<typeof fetch>();
/** jsdom does not navigate: the link's own navigation is stopped, its click handler runs. */
const stopNavigation = (e: Event) => e.preventDefault();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ language: 'hi' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  document.addEventListener('click', stopNavigation);
});
afterEach(() => {
  document.removeEventListener('click', stopNavigation);
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'nirmaan_lang=; path=/; max-age=0';
});

describe('the language switcher', () => {
  it('keeps the page, remembers the choice and saves it on a logged-in customer’s account (their mails follow it)', () => {
    storeUser('0c7f5f7e-0000-4000-8000-0000000000aa', 'Asha Verma');
    renderUi(<LanguageSwitcher variant="footer" />, '/product/0c7f5f7e-0000-4000-8000-000000000001?tab=reviews');
    const hindi = screen.getByRole('link', { name: 'हिन्दी' });
    expect(hindi.getAttribute('href')).toBe('/hi/product/0c7f5f7e-0000-4000-8000-000000000001?tab=reviews');
    fireEvent.click(hindi);
    expect(document.cookie).toContain('nirmaan_lang=hi');
    const saves = fetchMock.mock.calls.filter(([url]) => url === '/api/me/language');
    expect(saves).toHaveLength(1);
    const init = saves[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({ language: 'hi' });
  });

  it('a visitor’s choice stays in the cookie alone', () => {
    renderUi(<LanguageSwitcher variant="footer" />, '/about');
    fireEvent.click(screen.getByRole('link', { name: 'తెలుగు' }));
    expect(document.cookie).toContain('nirmaan_lang=te');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/me/language')).toEqual([]);
  });
});

describe('a visitor’s first translated page', () => {
  it('is remembered when nothing was chosen and it is the browser’s language, never over a choice, and English is never written', () => {
    rememberFirstLocale('en', ['en-IN']);
    expect(document.cookie).not.toContain('nirmaan_lang');
    rememberFirstLocale('te', ['te-IN', 'en']);
    expect(document.cookie).toContain('nirmaan_lang=te');
    document.cookie = 'nirmaan_lang=hi; path=/';
    rememberFirstLocale('mr', ['mr-IN']);
    expect(document.cookie).toContain('nirmaan_lang=hi');
  });

  it('is not remembered from a link followed in a browser of another language: the unprefixed addresses stay the browser’s', () => {
    document.cookie = 'nirmaan_lang=; path=/; max-age=0';
    // An English browser (jsdom's own navigator.languages) follows a shared /hi/ link.
    rememberFirstLocale('hi');
    expect(document.cookie).not.toContain('nirmaan_lang');
    // A Telugu browser follows a Marathi link.
    rememberFirstLocale('mr', ['te-IN', 'en-GB']);
    expect(document.cookie).not.toContain('nirmaan_lang');
  });
});
