import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_MS } from '@nirmaan/shared/constants';
import { I18nProvider } from '@lingui/react';
import { ToastProvider, useToast, type ToastVariant } from '../../src/components/ui/toast.tsx';
import { englishI18n } from '../render.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ message, variant }: { message: string; variant?: ToastVariant }) {
  const toast = useToast();
  return <button type="button" onClick={() => toast(message, variant)}>show</button>;
}

/** Inside the page's language, as the app's providers put it (the Close button is labelled in it). */
const renderTrigger = (message: string, variant?: ToastVariant) =>
  render(<I18nProvider i18n={englishI18n}><ToastProvider><Trigger message={message} variant={variant} /></ToastProvider></I18nProvider>);

describe('toasts', { timeout: 30_000 }, () => {
  it('shows the message in the variant colour and hides it after TOAST_MS', () => {
    vi.useFakeTimers();
    renderTrigger('Login successful!');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Login successful!');
    expect(status.closest('.toast')?.className).toContain('text-bg-success');
    expect(status.closest('.toast-container')?.className).toContain('top-0 end-0');

    act(() => vi.advanceTimersByTime(TOAST_MS - 10));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on the Close button', () => {
    renderTrigger('Invalid credentials', 'danger');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('status').closest('.toast')?.className).toContain('text-bg-danger');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
