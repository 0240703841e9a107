import { useId, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { failureText } from '../../../lib/api.ts';
import { OPS_ME_KEY, finishOpsLogin, startOpsLogin, useOperator } from '../api/ops.ts';

/** Where a console page sent the operator from; only console paths, so a crafted link cannot lead elsewhere. */
const safeNext = (next: string | null) => (next && /^\/ops(\/[\w/-]*)?$/.test(next) && !next.startsWith('/ops/login') ? next : '/ops');

/** /ops/login: the password, then the code mailed to the operator, every time. */
export function Component() {
  const me = useOperator();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const ids = { email: useId(), password: useId(), otp: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'info' | 'danger'; text: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (step === 'password') {
        const res = await startOpsLogin(email.trim(), password);
        setPassword('');
        setStep('code');
        setMessage({ kind: 'info', text: res.message });
      } else {
        const res = await finishOpsLogin(email.trim(), otp.trim());
        client.setQueryData(OPS_ME_KEY, res.operator);
        navigate(next, { replace: true });
      }
    } catch (err) {
      setMessage({ kind: 'danger', text: failureText(err, step === 'password' ? 'Please check your email and password.' : 'That code did not work.') });
    } finally {
      setBusy(false);
    }
  };

  if (me.data && !busy) return <Navigate to={next} replace />;

  return (
    <main className="container py-5" style={{ maxWidth: 420 }}>
      <h1 className="h3 mb-1">Nirmaan operator console</h1>
      <p className="text-body-secondary mb-4">For Nirmaan staff only.</p>
      {message && <div className={`alert alert-${message.kind}`} role={message.kind === 'danger' ? 'alert' : 'status'}>{message.text}</div>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="mb-3">
          <label htmlFor={ids.email} className="form-label">Email</label>
          <input id={ids.email} type="email" className="form-control" autoComplete="username" value={email} readOnly={step === 'code'}
            onChange={(e) => setEmail(e.target.value)} />
        </div>
        {step === 'password' ? (
          <div className="mb-3">
            <label htmlFor={ids.password} className="form-label">Password</label>
            <input id={ids.password} type="password" className="form-control" autoComplete="current-password" value={password}
              onChange={(e) => setPassword(e.target.value)} />
          </div>
        ) : (
          <div className="mb-3">
            <label htmlFor={ids.otp} className="form-label">Code from the email</label>
            <input id={ids.otp} inputMode="numeric" autoComplete="one-time-code" className="form-control" maxLength={6} value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))} />
          </div>
        )}
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy ? 'Please wait...' : step === 'password' ? 'Continue' : 'Log in'}
        </button>
        {step === 'code' && (
          <button type="button" className="btn btn-link w-100 mt-2" onClick={() => { setStep('password'); setOtp(''); setMessage(null); }}>
            Start again
          </button>
        )}
      </form>
    </main>
  );
}
