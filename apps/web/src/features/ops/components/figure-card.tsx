import type { ReactNode } from 'react';

/** One figure of the console's dashboard: a label over its value, in the dashboard's grid. */
export function FigureCard({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <div className="card h-100"><div className="card-body">
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-4 fw-semibold" data-testid={testId}>{value}</div>
      </div></div>
    </div>
  );
}
