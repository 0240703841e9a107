import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { clearStoredUser } from '../../../lib/session.ts';
import { useBusy } from '../../../lib/use-busy.ts';
import { loginVendor, loginVendorWithOtp, sendVendorOtp, useRefreshVendorMe, useVendorMe, verifyOtp } from '../api/vendor-auth.ts';
import { safeVendorPath } from '../vendor-paths.ts';

type Method = 'password' | 'otp';
type OtpStage = 'not-sent' | 'sent' | 'verified';
type Call = 'login' | 'send' | 'verify';

/** Vendor login (/vendor/login): password or emailed code, like the customer login, into a vendor session. */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const refreshMe = useRefreshVendorMe();
  const [params] = useSearchParams();
  // Set by the signup page: the new account awaits approval.
  const signedUp = (useLocation().state as { signedUp?: string } | null)?.signedUp;
  const next = safeVendorPath(params.get('next'));
  const emailId = useId();
  const passwordId = useId();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const [busy, run] = useBusy<Call>();
  const me = useVendorMe();

  const succeed = async (message: string) => {
    // One cookie holds one session: a customer logged in in this browser is now logged out.
    clearStoredUser();
    toast(message, 'success');
    await refreshMe();
    navigate(next, { replace: true });
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    if (stage !== 'not-sent') {
      setStage('not-sent');
      setOtp('');
    }
  };

  const finishOtpLogin = async () => {
    try {
      await loginVendorWithOtp(email.trim());
      await succeed('Logged in successfully with OTP!');
    } catch (err) {
      toast(failureText(err, 'Failed to log in after OTP verification'), 'danger');
    }
  };

  const send = () => run('send', async () => {
    if (!email.trim()) {
      toast('Please enter your email to send OTP', 'warning');
      return;
    }
    try {
      await sendVendorOtp(email.trim());
      setStage('sent');
      setOtp('');
      toast('OTP sent to your email', 'success');
    } catch (err) {
      toast(failureText(err, 'Failed to send OTP'), 'danger');
    }
  });

  const verify = () => run('verify', async () => {
    if (!otp) {
      toast('Please enter OTP', 'warning');
      return;
    }
    try {
      await verifyOtp(email.trim(), otp);
    } catch (err) {
      toast(failureText(err, 'OTP verification failed'), 'danger');
      return;
    }
    setStage('verified');
    await finishOtpLogin();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (method === 'otp') {
      if (stage !== 'verified') toast('Please verify your OTP before logging in.', 'warning');
      else void run('login', finishOtpLogin);
      return;
    }
    void run('login', async () => {
      if (!email.trim() || !password) {
        toast('Please provide both email and password.', 'warning');
        return;
      }
      try {
        await loginVendor(email.trim(), password);
        await succeed('Login successful!');
      } catch (err) {
        toast(failureText(err, 'Please check your credentials.'), 'danger');
      }
    });
  };

  const chooseMethod = (value: Method) => {
    setMethod(value);
    setStage('not-sent');
    setOtp('');
  };

  if (me.data && !busy) return <Navigate to={next} replace />;

  return (
    <AuthLayout title="Vendor Login" lead="Manage your store, orders, bookings and messages">
      {signedUp && <div className="alert alert-success" role="status">{signedUp}</div>}
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label">Business email</label>
          <input id={emailId} type="email" className="form-control" autoComplete="email" placeholder="you@business.in"
            value={email} readOnly={stage === 'verified'} onChange={(e) => changeEmail(e.target.value)} />
        </div>
        <fieldset className="btn-group w-100 mb-3" role="radiogroup" aria-label="How to log in">
          <input type="radio" className="btn-check" name="vendor-login-method" id={`${emailId}-password`} checked={method === 'password'}
            onChange={() => chooseMethod('password')} />
          <label className="btn btn-outline-secondary" htmlFor={`${emailId}-password`}>Login with Password</label>
          <input type="radio" className="btn-check" name="vendor-login-method" id={`${emailId}-otp`} checked={method === 'otp'}
            onChange={() => chooseMethod('otp')} />
          <label className="btn btn-outline-secondary" htmlFor={`${emailId}-otp`}>Login with OTP</label>
        </fieldset>
        {method === 'password' ? (
          <div className="mb-3">
            <label htmlFor={passwordId} className="form-label">Password</label>
            <input id={passwordId} type="password" className="form-control" autoComplete="current-password"
              value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
        ) : (
          <div className="mb-3">
            {stage === 'not-sent' && (
              <button type="button" className="btn btn-outline-primary w-100" onClick={send} disabled={busy !== null}>
                {busy === 'send' ? 'Sending...' : 'Send OTP'}
              </button>
            )}
            {stage === 'sent' && <OtpInput value={otp} onChange={setOtp} onVerify={verify} busy={busy === 'verify'} disabled={busy !== null} />}
            {stage === 'verified' && <p className="text-success mb-0" role="status">Email verified</p>}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null}>
          {busy === 'login' ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="text-center mt-4 mb-1 small text-body-secondary">New to Nirmaan? <Link to="/vendor/signup">Create a vendor account</Link></p>
      <p className="text-center mb-0 small text-body-secondary">Buying for a project? <a href="/login">Customer login</a></p>
    </AuthLayout>
  );
}
