import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { api as callApi } from '../../src/lib/api.ts';
import { clearStoredUser, getStoredUserId, storeUser, syncSession, useStoredUser } from '../../src/lib/session.ts';
import { failure, stubApi, unreachable } from '../render.tsx';

const ID = 'c0ffee00-0000-4000-8000-000000000001';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('stored user', () => {
  it('is kept under the userid and user_name keys, and the hook follows changes', () => {
    const { result } = renderHook(() => useStoredUser());
    expect(result.current).toEqual({ userId: null, userName: null, isLoggedIn: false });

    act(() => storeUser(ID, 'Asha Verma'));
    expect(localStorage.getItem('userid')).toBe(ID);
    expect(localStorage.getItem('user_name')).toBe('Asha Verma');
    expect(result.current).toEqual({ userId: ID, userName: 'Asha Verma', isLoggedIn: true });

    act(() => clearStoredUser());
    expect(localStorage.getItem('userid')).toBeNull();
    expect(localStorage.getItem('user_name')).toBeNull();
    expect(result.current.isLoggedIn).toBe(false);
  });

  it.each(['undefined', 'null', ''])('counts a stored userid of %j as logged out', (stored) => {
    localStorage.setItem('userid', stored);
    localStorage.setItem('user_name', 'Ghost');
    expect(getStoredUserId()).toBeNull();
    const { result } = renderHook(() => useStoredUser());
    expect(result.current).toEqual({ userId: null, userName: null, isLoggedIn: false });
  });
});

describe('syncSession', () => {
  it('clears the stored user when the server has no session', async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi((c) => (c.path === '/api/session' ? { body: { user: null } } : undefined));
    const { result } = renderHook(() => useStoredUser());

    await act(() => syncSession());
    expect(api.to('GET', '/api/session')).toHaveLength(1);
    expect(localStorage.getItem('userid')).toBeNull();
    expect(localStorage.getItem('user_name')).toBeNull();
    expect(result.current.isLoggedIn).toBe(false);
  });

  it('leaves a stored "undefined" alone: it already means logged out', async () => {
    localStorage.setItem('userid', 'undefined');
    stubApi((c) => (c.path === '/api/session' ? { body: { user: null } } : undefined));
    await syncSession();
    expect(getStoredUserId()).toBeNull();
  });

  it("restores the server session's user and name", async () => {
    localStorage.setItem('userid', 'undefined');
    stubApi((c) => (c.path === '/api/session' ? { body: { user: { _id: ID, Full_Name: 'Asha V. Rao' } } } : undefined));
    const { result } = renderHook(() => useStoredUser());

    await act(() => syncSession());
    expect(localStorage.getItem('userid')).toBe(ID);
    expect(localStorage.getItem('user_name')).toBe('Asha V. Rao');
    expect(result.current).toEqual({ userId: ID, userName: 'Asha V. Rao', isLoggedIn: true });
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    storeUser(ID, 'Asha Verma');
    stubApi(unreachable);
    await syncSession();
    expect(localStorage.getItem('userid')).toBe(ID);
    expect(localStorage.getItem('user_name')).toBe('Asha Verma');
  });

  it('shares one request between calls made at the same time', async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi();
    await Promise.all([syncSession(), syncSession()]);
    expect(api.to('GET', '/api/session')).toHaveLength(1);
    expect(getStoredUserId()).toBeNull();
  });

  it('runs after a 401 from any call while a user is stored', async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi((c) => (c.path === '/carts/x' ? failure(401, 'Please log in.', 'UNAUTHENTICATED') : undefined));
    await expect(callApi('/carts/x')).rejects.toMatchObject({ status: 401, message: 'Please log in.' });
    await vi.waitFor(() => expect(getStoredUserId()).toBeNull());
    expect(api.to('GET', '/api/session')).toHaveLength(1);
  });
});
