import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { deferred, failure, findToast, renderPage, stubApi, type Answer } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });

const ID = 'c0ffee00-0000-4000-8000-000000000001';
const profile = {
  _id: ID, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.com', Phone_Number: '9876543210', Location: 'Hyderabad',
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderProfile = () => renderPage(ProfilePage, '/profile');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const loginPrompt = () => screen.queryByText(AUTH_MSG.loginToSeeProfile);

describe('profile', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const api = stubApi();
    renderProfile();
    expect(loginPrompt()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });

  it('treats a stored "undefined" user id as logged out', () => {
    localStorage.setItem('userid', 'undefined');
    const api = stubApi();
    renderProfile();
    expect(loginPrompt()).not.toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("loads the customer's profile: name, read-only email, phone and location", async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi((c) => (c.path === `/myprofile/${ID}` ? { body: profile } : undefined));
    renderProfile();
    screen.getByText('Loading your profile...');

    expect((await screen.findByLabelText('Full name') as HTMLInputElement).value).toBe('Asha Verma');
    expect(input('Email address').value).toBe('asha@example.com');
    expect(input('Email address').readOnly).toBe(true);
    expect(input('Phone number').value).toBe('9876543210');
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('Hyderabad');
    expect(api.to('GET', `/myprofile/${ID}`)).toHaveLength(1);
    expect(loginPrompt()).toBeNull();
  });

  it('keeps a stored location that is not one of the listed cities', async () => {
    storeUser(ID, 'Asha Verma');
    stubApi((c) => (c.path === `/myprofile/${ID}` ? { body: { ...profile, Location: 'Pune' } } : undefined));
    renderProfile();
    const location = (await screen.findByLabelText('Location')) as HTMLSelectElement;
    expect(location.value).toBe('Pune');
  });

  it('saves name, phone and location, and the stored name follows', async () => {
    storeUser(ID, 'Asha Verma');
    const saving = deferred<Answer>();
    const api = stubApi((c) => {
      if (c.path === `/myprofile/${ID}`) return { body: profile };
      if (c.path === '/api/profile') return saving.promise;
      return undefined;
    });
    renderProfile();
    await screen.findByLabelText('Full name');
    change('Full name', 'Asha V. Rao');
    change('Phone number', '+91 9123456780');
    change('Location', 'Mumbai');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const body = { Full_Name: 'Asha V. Rao', Phone_Number: '+91 9123456780', Location: 'Mumbai' };
    saving.resolve({ body: { ...profile, ...body } });

    expect((await findToast(AUTH_MSG.profileSaved)).className).toContain('text-bg-success');
    expect(api.to('PUT', '/api/profile').map((c) => c.body)).toStrictEqual([body]);
    expect(localStorage.getItem('user_name')).toBe('Asha V. Rao');
    expect(localStorage.getItem('userid')).toBe(ID);
    screen.getByText('Asha V. Rao', { selector: 'p' });
    expect(input('Full name').value).toBe('Asha V. Rao');
  });

  it("shows the shared schema's message for an invalid phone and does not call the server", async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi((c) => (c.path === `/myprofile/${ID}` ? { body: profile } : undefined));
    renderProfile();
    await screen.findByLabelText('Full name');
    change('Phone number', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Please enter a 10-digit Indian mobile number.');
    expect(input('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('PUT', '/api/profile')).toHaveLength(0);

    change('Phone number', '9123456780');
    expect(screen.queryByText('Please enter a 10-digit Indian mobile number.')).toBeNull();
  });

  it('logs the UI out when the server no longer knows the session', async () => {
    storeUser(ID, 'Asha Verma');
    stubApi((c) => (c.path === `/myprofile/${ID}` ? failure(401, 'Please log in.', 'UNAUTHENTICATED') : undefined));
    renderProfile();
    await waitFor(() => expect(loginPrompt()).not.toBeNull());
    expect(localStorage.getItem('userid')).toBeNull();
    expect(localStorage.getItem('user_name')).toBeNull();
  });

  it('says the profile could not be loaded when the server fails', async () => {
    storeUser(ID, 'Asha Verma');
    stubApi((c) => (c.path === `/myprofile/${ID}` ? failure(500, 'Something went wrong on our side. Please try again.', 'INTERNAL') : undefined));
    renderProfile();
    await screen.findByText(AUTH_MSG.profileLoadFailed);
    expect(localStorage.getItem('userid')).toBe(ID);
  });

  it("shows the server's message when a save is refused", async () => {
    storeUser(ID, 'Asha Verma');
    stubApi((c) => {
      if (c.path === `/myprofile/${ID}`) return { body: profile };
      if (c.path === '/api/profile') return failure(400, 'Please choose a location.', 'BAD_REQUEST');
      return undefined;
    });
    renderProfile();
    await screen.findByLabelText('Full name');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await findToast('Please choose a location.')).className).toContain('text-bg-danger');
    expect(localStorage.getItem('user_name')).toBe('Asha Verma');
  });

  it('logs out from the profile page: the server session ends, storage clears, and the login page opens', async () => {
    storeUser(ID, 'Asha Verma');
    const api = stubApi((c) => {
      if (c.path === `/myprofile/${ID}`) return { body: profile };
      if (c.path === '/api/logout') return { body: { message: 'Logged out' } };
      return undefined;
    });
    const view = renderProfile();
    await screen.findByLabelText('Full name');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(api.to('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('userid')).toBeNull();
  });
});
