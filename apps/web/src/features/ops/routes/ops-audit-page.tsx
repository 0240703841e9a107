import { useState } from 'react';
import { useAudit } from '../api/ops.ts';

const EMPTY = { action: '', subjectId: '', actor: '' };

/** /ops/audit: every change, newest first, filterable; read-only (no call edits or deletes an entry). */
export function Component() {
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState(EMPTY);
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const audit = useAudit(filter, pages[pages.length - 1]);
  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      <form className="row g-2 mb-3" onSubmit={(e) => { e.preventDefault(); setFilter(draft); setPages([undefined]); }}>
        <div className="col-auto"><input className="form-control form-control-sm" aria-label="Action" placeholder="Action, e.g. vendor.approve" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} /></div>
        <div className="col-auto"><input className="form-control form-control-sm" aria-label="Subject id" placeholder="Subject id" value={draft.subjectId} onChange={(e) => setDraft({ ...draft, subjectId: e.target.value })} /></div>
        <div className="col-auto"><input className="form-control form-control-sm" aria-label="Actor" placeholder="Operator email or cli:user" value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} /></div>
        <div className="col-auto"><button type="submit" className="btn btn-outline-secondary btn-sm">Filter</button></div>
      </form>
      {audit.isError && <div className="alert alert-danger" role="alert">{audit.error.message}</div>}
      <div className="table-responsive">
        <table className="table table-sm small align-top">
          <thead><tr><th>When</th><th>Who</th><th>Action</th><th>Subject</th><th>Before → after</th><th>Reason</th></tr></thead>
          <tbody>
            {audit.data?.entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry">
                <td className="text-nowrap">{new Date(e.at).toLocaleString('en-IN')}</td>
                <td>{e.actor}</td>
                <td>{e.action}</td>
                <td>{e.subjectType} <code>{e.subjectId}</code></td>
                <td><code>{JSON.stringify(e.before)}</code> → <code>{JSON.stringify(e.after)}</code></td>
                <td>{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={pages.length <= 1} onClick={() => setPages(pages.slice(0, -1))}>Newer</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!audit.data?.nextBefore} onClick={() => setPages([...pages, audit.data!.nextBefore!])}>Older</button>
      </div>
    </>
  );
}
