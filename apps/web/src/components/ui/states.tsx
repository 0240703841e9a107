import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

export function Loading({ text }: { text?: string }) {
  const { t } = useLingui();
  return (
    <div className="d-flex align-items-center gap-2 py-5 justify-content-center text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{text ?? t`Loading...`}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="text-center text-body-secondary py-5 mb-0">{children}</p>;
}

export function ErrorState({ children }: { children: ReactNode }) {
  return <div className="alert alert-danger my-4" role="alert">{children}</div>;
}
