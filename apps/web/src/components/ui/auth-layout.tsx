import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const stats = [
  { value: '10,000+', label: msg`Professionals` },
  { value: '5,000+', label: msg`Projects` },
];

/** The account screens: the spec's marketing panel beside a narrow form card. */
export function AuthLayout({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="auth-page container py-4 py-lg-5">
      <div className="row g-4 align-items-stretch justify-content-center">
        <aside className="col-lg-6 d-none d-lg-block">
          <div className="auth-aside h-100">
            <p className="eyebrow">Nirmaan</p>
            <h2 className="auth-aside-title"><Trans>Build Your Future</Trans></h2>
            <p className="auth-aside-lead">
              <Trans>Connect with the best civil engineering professionals and take your projects to the next level</Trans>
            </p>
            <dl className="auth-stats">
              {stats.map((s) => (
                <div key={s.value} className="auth-stat">
                  <dt>{i18n._(s.label)}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </aside>
        <div className="col-lg-6 d-flex justify-content-center">
          <div className="auth-card card shadow-sm w-100 align-self-start">
            <div className="card-body p-4">
              <h1 className="h3 mb-1">{title}</h1>
              <p className="text-body-secondary mb-4">{lead}</p>
              {children}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
