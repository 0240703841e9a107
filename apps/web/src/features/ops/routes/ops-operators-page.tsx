import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { OPERATOR_ROLES, type OperatorMe, type OperatorRole, type OpsOperator } from '@nirmaan/shared/ops';
import { changeOperatorRole, setOperatorDisabled, useOperators } from '../api/ops.ts';
import { useRowAction, type Notice } from '../components/support-parts.tsx';

/** Another operator's row: a new role, or disable / enable, each with a reason the audit log keeps. */
function OperatorRow({ o, onNotice }: { o: OpsOperator; onNotice: (n: Notice) => void }) {
  const [role, setRole] = useState<OperatorRole>(o.role);
  const [reason, setReason] = useState('');
  const act = useRowAction(['ops', 'operators'], onNotice);
  const run = async (action: () => Promise<OpsOperator>, done: (after: OpsOperator) => string) => {
    if (await act(action, done)) setReason('');
  };
  return (
    <div className="d-flex flex-wrap gap-1">
      <select className="form-select form-select-sm w-auto" aria-label={`Role of ${o.email}`} value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
        {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
      </select>
      <input className="form-control form-control-sm" style={{ maxWidth: 220 }} aria-label={`Reason for ${o.email}`} placeholder="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void run(() => changeOperatorRole(o.id, { role, reason }), (a) => `${a.email} is now ${a.role}.`)}>Change role</button>
      {o.disabled
        ? <button type="button" className="btn btn-outline-success btn-sm" onClick={() => void run(() => setOperatorDisabled(o.id, false, reason), (a) => `${a.email} is enabled and may log in again.`)}>Enable</button>
        : <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void run(() => setOperatorDisabled(o.id, true, reason), (a) => `${a.email} is disabled; their sessions have ended.`)}>Disable</button>}
    </div>
  );
}

/**
 * /ops/operators (admins): every operator with role and state; another operator's role changed, or disabled and
 * enabled, with a reason. New operators are created on the command line, which keeps their password off the web.
 */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const list = useOperators();
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <h1 className="h3 mb-3">Operators</h1>
      <p className="small text-body-secondary">
        New operators are created on the server: <code>npm run operator:create -- &lt;email&gt; --role admin|support|finance</code>.
      </p>
      {notice && <div className={`alert alert-${notice.ok ? 'success' : 'danger'} py-1 small`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</div>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {list.data && (
        <table className="table table-sm align-middle">
          <thead><tr><th>Name</th><th>Email</th><th>Role</th><th>State</th><th /></tr></thead>
          <tbody>
            {list.data.operators.map((o) => (
              <tr key={o.id} data-testid="ops-operator">
                <td>{o.name}</td><td>{o.email}</td><td data-testid="operator-role">{o.role}</td>
                <td>{o.disabled ? <span className="badge text-bg-secondary">Disabled</span> : 'Active'}</td>
                <td>{o.id === op.id ? <span className="small text-body-secondary">You</span> : <OperatorRow key={`${o.role}:${o.disabled}`} o={o} onNotice={setNotice} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
