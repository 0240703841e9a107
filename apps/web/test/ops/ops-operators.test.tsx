import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as OpsOperators } from '../../src/features/ops/routes/ops-operators-page.tsx';
import { failure, stubApi, type Call } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

const openConsole = (entry: string) => renderConsole(entry, { '': <p>Dashboard</p>, operators: <OpsOperators /> });

const me = { ...operator('admin'), name: 'Meera', disabled: false, createdAt: '2026-11-01T10:00:00.000Z' };
const ravi = { id: 'f00dbabe-0000-4000-8000-000000000002', email: 'ravi@ops.nirmaan.in', name: 'Ravi', role: 'support', disabled: false, createdAt: '2026-11-02T10:00:00.000Z' };

/** A console server with `role` logged in: the operators as `rows()`, POSTs answered by `onPost`. */
function consoleApi(role: string, rows: () => object[], onPost: (c: Call) => object | undefined = () => undefined) {
  return stubApi((c) => {
    if (c.path === '/api/ops/me') return { body: operator(role) };
    if (c.path === '/api/ops/operators') return role === 'admin' ? { body: { operators: rows() } } : failure(403, 'Your operator role does not allow this.', 'FORBIDDEN');
    if (c.method === 'POST') return onPost(c);
    return undefined;
  });
}

describe('the operators screen', () => {
  it('lets an admin change another operator’s role with a reason, and never their own', async () => {
    let current = ravi;
    const api = consoleApi('admin', () => [me, current], (c) => {
      if (c.path !== `/api/ops/operators/${ravi.id}/role`) return undefined;
      current = { ...ravi, role: (c.body as { role: string }).role };
      return { body: current };
    });
    openConsole('/ops/operators');
    await screen.findByRole('link', { name: 'Operators' });
    const [mine, theirs] = await screen.findAllByTestId('ops-operator');
    within(mine!).getByText('You');
    expect(within(mine!).queryByRole('button')).toBeNull();
    fireEvent.change(within(theirs!).getByLabelText(`Role of ${ravi.email}`), { target: { value: 'finance' } });
    fireEvent.change(within(theirs!).getByLabelText(`Reason for ${ravi.email}`), { target: { value: 'Moved to finance' } });
    fireEvent.click(within(theirs!).getByRole('button', { name: 'Change role' }));
    await screen.findByText(`${ravi.email} is now finance.`);
    expect(api.to('POST', `/api/ops/operators/${ravi.id}/role`)[0]!.body).toEqual({ role: 'finance', reason: 'Moved to finance' });
    await waitFor(() => expect(screen.getAllByTestId('operator-role').map((td) => td.textContent)).toEqual(['admin', 'finance']));
  });

  it('disables with a reason (the server’s refusal shown as it is), then enables again', async () => {
    let current = ravi;
    const api = consoleApi('admin', () => [me, current], (c) => {
      const body = c.body as { reason?: string };
      if (c.path.endsWith('/disable')) {
        if (!body.reason) return failure(400, 'Please give a reason (at least 3 characters).', 'BAD_REQUEST');
        current = { ...ravi, disabled: true };
      } else if (c.path.endsWith('/enable')) {
        current = { ...ravi, disabled: false };
      } else return undefined;
      return { body: current };
    });
    openConsole('/ops/operators');
    const row = () => screen.getAllByTestId('ops-operator')[1]!;
    await screen.findAllByTestId('ops-operator');
    fireEvent.click(within(row()).getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please give a reason (at least 3 characters).');
    fireEvent.change(within(row()).getByLabelText(`Reason for ${ravi.email}`), { target: { value: 'Left the company' } });
    fireEvent.click(within(row()).getByRole('button', { name: 'Disable' }));
    await screen.findByText(`${ravi.email} is disabled; their sessions have ended.`);
    await within(row()).findByText('Disabled');
    fireEvent.click(within(row()).getByRole('button', { name: 'Enable' }));
    await screen.findByText(`${ravi.email} is enabled and may log in again.`);
    expect(api.to('POST', `/api/ops/operators/${ravi.id}/enable`)[0]!.body).toEqual({});
    await waitFor(() => within(row()).getByText('Active'));
  });

  it('is not offered to support, and shows the refusal when opened by its address', async () => {
    consoleApi('support', () => [me, ravi]);
    openConsole('/ops/operators');
    expect((await screen.findByRole('alert')).textContent).toBe('Your operator role does not allow this.');
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
  });
});
