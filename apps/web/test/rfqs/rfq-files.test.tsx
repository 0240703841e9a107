import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RFQ_MSG, type Rfq } from '@nirmaan/shared/rfqs';
import { PRIVATE_FILE_MSG, type PrivateFile } from '@nirmaan/shared/files';
import { Component as NewRequest } from '../../src/features/rfqs/routes/new-rfq-page.tsx';
import { Component as RequestPage } from '../../src/features/rfqs/routes/rfq-page.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { failure, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fileId = (n: number) => `f0000000-0000-4000-8000-00000000000${n}`;
const stored = (n: number, contentType: PrivateFile['contentType'], size = 2048): PrivateFile => ({ id: fileId(n), contentType, size, url: `/api/files/${fileId(n)}` });
const picked = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type });

const created: Rfq = {
  _id: 'r0000000-0000-4000-8000-000000000001', state: 'open', collecting: true,
  items: [{ _id: 'i0000000-0000-4000-8000-000000000001', category: 'Bricks', description: 'Red clay', quantity: 4000, unit: 'pieces' }],
  pincode: '500032', district: 'K.V.Rangareddy', neededBy: { from: '2030-01-10', to: '2030-01-17' }, floors: 0, notes: '', quoteDays: 3,
  closesAt: '2030-01-03T10:00:00.000Z', createdAt: '2029-12-31T10:00:00.000Z', acceptedQuoteId: null, orderId: null,
  sellerCount: 3, quotes: [], messages: [],
};

describe('the request form’s files', () => {
  it('uploads up to 5 photos and one bill of quantities, says why a file is refused, and sends the ids of those kept', async () => {
    storeUser('c0000000-0000-4000-8000-000000000001', 'Asha');
    let uploads = 0;
    const api = stubApi((c) => {
      if (c.method === 'POST' && c.path === '/api/rfqs/files') {
        uploads += 1;
        // Five photos, then a "CSV" the server reads as something else, then a real workbook.
        if (uploads <= 5) return { status: 201, body: stored(uploads, 'image/jpeg') };
        if (uploads === 6) return failure(415, PRIVATE_FILE_MSG.notPhotoOrBoq, 'UNSUPPORTED_MEDIA_TYPE');
        return { status: 201, body: stored(7, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 30_000) };
      }
      if (c.method === 'POST' && c.path === '/api/rfqs') return { status: 201, body: created };
      return undefined;
    });
    renderPage(NewRequest, '/requests/new?line=Bricks|Red%20clay', { pattern: '/requests/new' });
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '4000' } });
    fireEvent.change(screen.getByLabelText('Site pincode'), { target: { value: '500032' } });

    const input = screen.getByLabelText('Attach files');
    const photos = [1, 2, 3, 4, 5, 6].map((n) => picked(`site-${n}.jpg`, 'image/jpeg'));
    fireEvent.change(input, { target: { files: [...photos, picked('boq.csv', 'text/csv'), picked('setup.exe', 'application/x-msdownload'), picked('huge.png', 'image/png', 5 * 1024 * 1024 + 1)] } });

    // Refused here, without an upload: a sixth photo, a program, a file over 5 MB. The server refused the CSV by its bytes.
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(`boq.csv: ${PRIVATE_FILE_MSG.notPhotoOrBoq}`));
    expect(alert.textContent).toContain('site-6.jpg: a request takes at most 5 photos.');
    expect(alert.textContent).toContain('setup.exe: please attach a JPEG, PNG or WebP photo, or a PDF, Excel (.xlsx) or CSV file.');
    expect(alert.textContent).toContain('huge.png is larger than 5 MB. Please attach a smaller file.');
    expect(uploads).toBe(6);
    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([1, 2, 3, 4, 5].map((n) => `site-${n}.jpg (photo, 2 KB)Remove`));

    // The refused CSV took no place: a workbook still fits; a second one does not.
    fireEvent.change(input, { target: { files: [picked('boq.xlsx', ''), picked('second.pdf', 'application/pdf')] } });
    expect(await within(list).findByRole('button', { name: 'Remove boq.xlsx' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('second.pdf: a request takes one bill of quantities.');
    expect(uploads).toBe(7);

    fireEvent.click(screen.getByRole('button', { name: 'Remove site-2.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for quotes' }));
    await waitFor(() => expect(api.to('POST', '/api/rfqs')).toHaveLength(1));
    expect((api.to('POST', '/api/rfqs')[0]!.body as { fileIds: string[] }).fileIds).toEqual([1, 3, 4, 5, 7].map(fileId));
  });
});

describe('the request page', () => {
  it('lists the buyer\'s photos and bill of quantities as downloads', async () => {
    storeUser('c0000000-0000-4000-8000-000000000001', 'Asha');
    const files = [stored(1, 'image/jpeg', 840 * 1024), stored(2, 'image/png'), stored(3, 'text/csv', 3 * 1024 * 1024)];
    stubApi((c) => (c.method === 'GET' && c.path === `/api/rfqs/${created._id}` ? { body: { ...created, files } } : undefined));
    renderPage(RequestPage, `/requests/${created._id}`, { pattern: '/requests/:id' });
    const list = await screen.findByRole('list', { name: 'Your files:' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
      ['Photo 1', files[0]!.url, true], ['Photo 2', files[1]!.url, true], ['Bill of quantities (CSV)', files[2]!.url, true],
    ]);
    expect(list.textContent).toContain('(840 KB)');
    expect(list.textContent).toContain('(3.0 MB)');
  });
});

describe('adding files to a sent request', () => {
  it('uploads what still fits beside the files on the request, adds them, and lists them; gone once the request stops collecting', async () => {
    storeUser('c0000000-0000-4000-8000-000000000001', 'Asha');
    const onIt = [1, 2, 3, 4].map((n) => stored(n, 'image/jpeg'));
    let uploads = 0;
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/rfqs/${created._id}`) return { body: { ...created, files: onIt } };
      if (c.method === 'POST' && c.path === '/api/rfqs/files') {
        uploads += 1;
        return { status: 201, body: uploads === 1 ? stored(5, 'image/jpeg') : stored(6, 'application/pdf') };
      }
      if (c.method === 'POST' && c.path === `/api/rfqs/${created._id}/files`) {
        const ids = (c.body as { fileIds: string[] }).fileIds;
        return { body: { ...created, files: [...onIt, ...ids.map((id) => stored(Number(id.at(-1)), id.endsWith('6') ? 'application/pdf' : 'image/jpeg'))] } };
      }
      return undefined;
    });
    renderPage(RequestPage, `/requests/${created._id}`, { pattern: '/requests/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add files' }));
    const add = screen.getByRole('button', { name: 'Add to my request' });
    expect((add as HTMLButtonElement).disabled).toBe(true);

    // Four photos are on the request: one more fits, a second is refused here, the bill of quantities fits.
    fireEvent.change(screen.getByLabelText('Attach files'), { target: { files: [picked('gate.jpg', 'image/jpeg'), picked('road.jpg', 'image/jpeg'), picked('boq.pdf', 'application/pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('road.jpg: a request takes at most 5 photos.');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem')).toHaveLength(2));
    expect(uploads).toBe(2);

    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(api.to('POST', `/api/rfqs/${created._id}/files`)).toHaveLength(1));
    expect(api.to('POST', `/api/rfqs/${created._id}/files`)[0]!.body).toEqual({ fileIds: [fileId(5), fileId(6)] });
    const list = await screen.findByRole('list', { name: 'Your files:' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4', 'Photo 5', 'Bill of quantities (PDF)']));
    // Five photos and a bill of quantities: nothing more to add.
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
  });

  it('shows the server\'s refusal, and offers no control on a request no longer collecting', async () => {
    storeUser('c0000000-0000-4000-8000-000000000001', 'Asha');
    stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/rfqs/${created._id}`) return { body: created };
      if (c.method === 'POST' && c.path === '/api/rfqs/files') return { status: 201, body: stored(7, 'text/csv') };
      if (c.method === 'POST' && c.path === `/api/rfqs/${created._id}/files`) return failure(409, RFQ_MSG.filesClosed, 'CONFLICT');
      return undefined;
    });
    renderPage(RequestPage, `/requests/${created._id}`, { pattern: '/requests/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add files' }));
    fireEvent.change(screen.getByLabelText('Attach files'), { target: { files: [picked('boq.csv', 'text/csv')] } });
    const add = screen.getByRole('button', { name: 'Add to my request' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe(RFQ_MSG.filesClosed);
    cleanup();

    stubApi((c) => (c.method === 'GET' && c.path === `/api/rfqs/${created._id}` ? { body: { ...created, state: 'cancelled', collecting: false } } : undefined));
    renderPage(RequestPage, `/requests/${created._id}`, { pattern: '/requests/:id' });
    expect(await screen.findByText('Compare quotes', { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
  });
});
