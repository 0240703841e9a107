import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPUTE_MSG } from '@nirmaan/shared/disputes';
import ReportProblemForm from '../../src/features/disputes/components/report-problem-form.tsx';
import { failure, findToast, renderUi, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINE = 'f00dbabe-0000-4000-8000-000000000102';
const opened = {
  id: 'f00dbabe-0000-4000-8000-000000000101', lineId: LINE, bookingId: null, orderId: 'f00dbabe-0000-4000-8000-000000000103',
  subject: 'UltraTech PPC', vendorId: 'f00dbabe-0000-4000-8000-000000000104', vendorName: 'Balaji Traders', customerName: 'Asha Verma',
  reason: 'damaged', text: 'Two bags arrived torn and wet.', photoIds: [], status: 'open', vendorAnswer: null, answeredAt: null,
  resolutionReason: null, resolvedAt: null, paidPaise: 80_000, refundedPaise: 0, createdAt: '2026-11-20T10:00:00.000Z',
};

describe('Report a problem', () => {
  it('says a too-short description before sending anything, then sends the report and says so', async () => {
    const api = stubApi((c) => (c.method === 'POST' && c.path === '/api/disputes' ? { status: 201, body: opened } : undefined));
    const onDone = vi.fn();
    renderUi(<ReportProblemForm target={{ kind: 'line', lineId: LINE }} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('What went wrong?'), { target: { value: 'damaged' } });
    fireEvent.change(screen.getByLabelText('Describe the problem'), { target: { value: 'Torn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please describe the problem in at least 10 characters.');
    expect(api.to('POST', '/api/disputes')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Describe the problem'), { target: { value: 'Two bags arrived torn and wet.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await findToast('Your report is sent. We have mailed you, and the seller is asked to answer.');
    expect(api.to('POST', '/api/disputes')[0]!.body).toEqual({ lineId: LINE, reason: 'damaged', text: 'Two bags arrived torn and wet.', photoIds: [] });
    expect(onDone).toHaveBeenCalled();
  });

  it('shows the server’s refusal as it is, and stays open', async () => {
    stubApi((c) => (c.method === 'POST' && c.path === '/api/disputes' ? failure(409, DISPUTE_MSG.alreadyOpen, 'CONFLICT') : undefined));
    const onDone = vi.fn();
    renderUi(<ReportProblemForm target={{ kind: 'booking', bookingId: LINE }} onDone={onDone} />);
    expect([...screen.getByLabelText<HTMLSelectElement>('What went wrong?').options].map((o) => o.value)).toEqual(['professional_no_show', 'poor_work']);
    fireEvent.change(screen.getByLabelText('Describe the problem'), { target: { value: 'Nobody came between 9 and 12.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DISPUTE_MSG.alreadyOpen));
    expect(onDone).not.toHaveBeenCalled();
  });
});
