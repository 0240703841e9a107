import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { RouteErrorBoundary } from '../../src/app/route-error.tsx';
import { englishI18n } from '../render.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('boom');
}

describe('a page that fails to render', () => {
  it('shows a way back home instead of a blank screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<I18nProvider i18n={englishI18n}><RouteErrorBoundary><Broken /></RouteErrorBoundary></I18nProvider>);
    screen.getByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the page when it renders', () => {
    render(<I18nProvider i18n={englishI18n}><RouteErrorBoundary><p>Cement</p></RouteErrorBoundary></I18nProvider>);
    screen.getByText('Cement');
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
