import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the chat host', () => {
  it('is the app’s own origin when VITE_CHAT_URL is unset', async () => {
    vi.stubEnv('VITE_CHAT_URL', '');
    const host = await import('../../src/lib/chat/chat-host.ts');
    expect(host.chatUrl('/api/chat/conversations')).toBe('/api/chat/conversations');
    expect(host.chatCredentials).toBe('same-origin');
  });

  it('is VITE_CHAT_URL when set, with the session cookie sent along', async () => {
    vi.stubEnv('VITE_CHAT_URL', 'https://chat.nirmaan.example/');
    const host = await import('../../src/lib/chat/chat-host.ts');
    expect(host.CHAT_ORIGIN).toBe('https://chat.nirmaan.example');
    expect(host.chatUrl('/api/chat/conversations')).toBe('https://chat.nirmaan.example/api/chat/conversations');
    expect(host.chatCredentials).toBe('include');
  });
});
