import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as VendorProfile } from '../../src/features/vendor-profile/routes/vendor-profile-page.tsx';
import { Component as VendorProjects } from '../../src/features/vendor-projects/routes/vendor-projects-page.tsx';
import { Component as VendorReviews } from '../../src/features/vendor-reviews/routes/vendor-reviews-page.tsx';
import { failure, findToast, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UPLOADED = `/uploads/${'ab'.repeat(32)}.webp`;
const profile = {
  _id: 'f00dbabe-0000-4000-8000-000000000007', Owner_name: 'Srinivas Goud', Business_Name: 'Goud Plumbing Works', Business_address: '3-4-512 Barkatpura',
  Business_Description: 'Leak repairs.', description: 'Leak repairs.', Profile_Image: '/images/vendors/goud.svg', Category: 'Plumber', Sub_Category: ['Plumber', 'Leak repair'],
  City: 'Hyderabad', Kind: 'professional', Charge_Per_Hour_or_Day: 600, Charge_Type: 'Per Visit', Rating: 4.5, ReviewCount: 2, email: 'srinivas@goud.in', phone: '9848012345', approved: true,
};

describe('the store profile page', () => {
  it('loads the profile, uploads a new image and saves the changes', async () => {
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/profile') return { body: profile };
      if (c.path === '/api/vendor/uploads') return { status: 201, body: { url: UPLOADED } };
      if (c.method === 'PUT' && c.path === '/api/vendor/profile') return { body: { ...profile, ...(c.body as object) } };
      return undefined;
    });
    renderPage(VendorProfile, '/vendor/profile');
    const name = await screen.findByLabelText('Business name') as HTMLInputElement;
    expect(name.value).toBe('Goud Plumbing Works');
    expect((screen.getByLabelText('Sub-categories') as HTMLInputElement).value).toBe('Plumber, Leak repair');
    fireEvent.change(name, { target: { value: 'Goud Plumbing & Sanitary' } });
    fireEvent.change(screen.getByLabelText('Sub-categories'), { target: { value: 'Plumber, Geyser fitting' } });
    fireEvent.change(screen.getByLabelText('Charge (₹)'), { target: { value: '650' } });
    fireEvent.change(screen.getByLabelText('Profile image'), { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(document.querySelector(`img[src="${UPLOADED}"]`)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await findToast('Profile saved.');
    expect(api.to('PUT', '/api/vendor/profile')[0]!.body).toEqual({
      Business_Name: 'Goud Plumbing & Sanitary', Owner_name: 'Srinivas Goud', Business_Description: 'Leak repairs.', Business_address: '3-4-512 Barkatpura',
      City: 'Hyderabad', Profile_Image: UPLOADED, Category: 'Plumber', Sub_Category: ['Plumber', 'Geyser fitting'], Charge_Per_Hour_or_Day: 650, Charge_Type: 'Per Visit',
    });
  });

  it('shows the server’s refusal and a load failure', async () => {
    stubApi((c) => (c.method === 'GET' ? { body: profile } : failure(400, 'Please choose your trade.', 'BAD_REQUEST')));
    renderPage(VendorProfile, '/vendor/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect((await findToast('Please choose your trade.')).className).toContain('danger');
    cleanup();
    stubApi(() => failure(500, 'x', 'INTERNAL'));
    renderPage(VendorProfile, '/vendor/profile');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error. Try again later.');
  });
});

describe('the projects page', () => {
  it('adds a project with an uploaded photo, edits it and deletes it after confirming', async () => {
    let list: Record<string, unknown>[] = [];
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/projects') return { body: list };
      if (c.path === '/api/vendor/uploads') return { status: 201, body: { url: UPLOADED } };
      if (c.method === 'POST' && c.path === '/api/vendor/projects') {
        const b = c.body as { date: string };
        const created = { _id: 'a0000000-0000-4000-8000-000000000001', ...b, createdAt: `${b.date}T12:00:00.000Z` };
        list = [created];
        return { status: 201, body: created };
      }
      if (c.method === 'PATCH') {
        list = [{ ...list[0]!, ...(c.body as object) }];
        return { body: list[0] };
      }
      if (c.method === 'DELETE') {
        list = [];
        return { body: { message: 'Project deleted.' } };
      }
      return undefined;
    });
    renderPage(VendorProjects, '/vendor/projects');
    await screen.findByText(/No projects yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a photo of the project.');
    const form = within(screen.getByRole('form', { name: 'Add a project' }));
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Terrace waterproofing' } });
    fireEvent.change(form.getByLabelText('Category'), { target: { value: 'Waterproofing' } });
    fireEvent.change(form.getByLabelText('Date'), { target: { value: '2026-08-14' } });
    fireEvent.change(form.getByLabelText('Description'), { target: { value: 'APP membrane over a leaking terrace.' } });
    fireEvent.change(form.getByLabelText('Photo'), { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 't.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(document.querySelector(`img[src="${UPLOADED}"]`)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await findToast('Project added.');
    expect(api.to('POST', '/api/vendor/projects')[0]!.body).toEqual({
      title: 'Terrace waterproofing', category: 'Waterproofing', description: 'APP membrane over a leaking terrace.', image: UPLOADED, date: '2026-08-14',
    });
    const card = await screen.findByTestId('vendor-project');
    expect(card.textContent).toContain('Waterproofing · 14 Aug 2026');

    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const edit = within(await screen.findByRole('form', { name: 'Edit project' }));
    fireEvent.change(edit.getByLabelText('Title'), { target: { value: 'Terrace waterproofing, 2,600 sq ft' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save project' }));
    await findToast('Project saved.');
    expect(api.to('PATCH', '/api/vendor/projects/a0000000-0000-4000-8000-000000000001')).toHaveLength(1);
    expect((await screen.findByTestId('vendor-project')).textContent).toContain('Terrace waterproofing, 2,600 sq ft');

    fireEvent.click(within(screen.getByTestId('vendor-project')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Project deleted.');
    await screen.findByText(/No projects yet/);
  });
});

describe('the reviews page', () => {
  it('shows the average and each review, or that there are none', async () => {
    stubApi(() => ({ body: { average: 4.5, count: 2, verifiedCount: 1, reviews: [
      { _id: 'r1', customerName: 'Imran Qureshi', rating: 5, comment: 'Fixed the leak in an hour.', createdAt: '2026-11-20T10:00:00.000Z', verified: 'booking' },
      { _id: 'r2', customerName: 'Meena Iyer', rating: 4, comment: 'Neat work.', createdAt: '2026-11-18T10:00:00.000Z' },
    ] } }));
    renderPage(VendorReviews, '/vendor/reviews');
    expect((await screen.findByTestId('reviews-average')).textContent).toContain('4.5(2 reviews, 1 verified)');
    const shown = screen.getAllByTestId('vendor-review').map((r) => r.textContent);
    expect(shown).toEqual([expect.stringContaining('Fixed the leak in an hour.'), expect.stringContaining('Neat work.')]);
    expect(shown.map((text) => text?.includes('Verified booking'))).toEqual([true, false]);
    cleanup();
    // None verified: the count reads as before, and no review carries a badge.
    stubApi(() => ({ body: { average: 4, count: 1, verifiedCount: 0, reviews: [
      { _id: 'r3', customerName: 'Kiran Das', rating: 4, comment: 'Good.', createdAt: '2026-11-18T10:00:00.000Z' },
    ] } }));
    renderPage(VendorReviews, '/vendor/reviews');
    expect((await screen.findByTestId('reviews-average')).textContent).toMatch(/4\.0\(1 review\)$/);
    expect(screen.getByTestId('vendor-review').textContent).not.toContain('Verified');
    cleanup();
    stubApi(() => ({ body: { average: null, count: 0, reviews: [] } }));
    renderPage(VendorReviews, '/vendor/reviews');
    await screen.findByText(/No reviews yet/);
  });
});
