import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

/** A modal question before something that cannot be undone (cancelling an order or a booking). */
export function ConfirmDialog({ title, children, keepLabel, confirmLabel, busyLabel, busy, onKeep, onConfirm }: Props) {
  const titleId = useId();
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header"><h2 id={titleId} className="modal-title h5">{title}</h2></div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">
              <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={onKeep}>{keepLabel}</button>
              <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>{busy ? busyLabel : confirmLabel}</button>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
