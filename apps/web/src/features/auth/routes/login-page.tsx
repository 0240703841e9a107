import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LOGIN_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import {
  failureText, googleLogin, loginWithOtp, loginWithPassword, rememberUser, sendOtp, verifyOtp,
} from '../api/auth.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { GoogleSignIn, type GoogleClaims } from '../components/google-sign-in.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { useBusy } from '../../../lib/use-busy.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';

type Method = 'password' | 'otp';
type OtpStage = 'not-sent' | 'sent' | 'verified';
type Call = 'login' | 'send' | 'verify' | 'google';

/** Where a login goes back to (`?next=`, set by pages that need one): a path of this site, else home. */
function safeNextPath(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** SPEC.md §2 Login: password or emailed code, Google when configured; home after 1.5 s. */
export function Component() {
  const toast = useToast();
  const redirect = useRedirectAfter(LOGIN_REDIRECT_MS);
  const emailId = useId();
  const passwordId = useId();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const [busy, run] = useBusy<Call>();
  const [done, setDone] = useState(false);
  const { isLoggedIn } = useStoredUser();
  const [params] = useSearchParams();
  const returnTo = safeNextPath(params.get('next'));

  const succeed = (user: Parameters<typeof rememberUser>[0], message: string) => {
    rememberUser(user);
    setDone(true);
    toast(message, 'success');
    redirect(returnTo);
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    // A code belongs to the email it was sent to.
    if (stage !== 'not-sent') {
      setStage('not-sent');
      setOtp('');
    }
  };

  const submitPassword = () => run('login', async () => {
    if (!email.trim() || !password) {
      toast(AUTH_MSG.provideEmailAndPassword, 'warning');
      return;
    }
    try {
      const res = await loginWithPassword(email.trim(), password);
      succeed(res.user, AUTH_MSG.loginSuccess);
    } catch (err) {
      toast(failureText(err, AUTH_MSG.checkCredentials), 'danger');
    }
  });

  const finishOtpLogin = async () => {
    try {
      const res = await loginWithOtp(email.trim());
      succeed(res.user, AUTH_MSG.otpLoginSuccess);
    } catch (err) {
      toast(failureText(err, AUTH_MSG.loginAfterOtpFailed), 'danger');
    }
  };

  const send = () => run('send', async () => {
    if (!email.trim()) {
      toast(AUTH_MSG.enterEmailForOtp, 'warning');
      return;
    }
    try {
      await sendOtp(email.trim(), 'login');
      setStage('sent');
      setOtp('');
      toast(AUTH_MSG.otpSent, 'success');
    } catch (err) {
      toast(failureText(err, AUTH_MSG.failedToSendOtp), 'danger');
    }
  });

  const verify = () => run('verify', async () => {
    if (!otp) {
      toast(AUTH_MSG.enterOtp, 'warning');
      return;
    }
    try {
      const res = await verifyOtp(email.trim(), otp);
      if (res.message !== 'OTP verified') {
        toast(AUTH_MSG.invalidOtp, 'danger');
        return;
      }
    } catch (err) {
      toast(failureText(err, AUTH_MSG.otpVerificationFailed), 'danger');
      return;
    }
    setStage('verified');
    await finishOtpLogin();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    if (method === 'password') {
      void submitPassword();
    } else if (stage !== 'verified') {
      toast(AUTH_MSG.verifyOtpBeforeLogin, 'warning');
    } else {
      void run('login', finishOtpLogin);
    }
  };

  const onGoogle = (credential: string, claims: GoogleClaims) => run('google', async () => {
    try {
      const res = await googleLogin(credential, claims);
      succeed(res.user, AUTH_MSG.googleLoginSuccess);
    } catch (err) {
      toast(failureText(err, AUTH_MSG.googleLoginFailed), 'danger');
    }
  });

  const chooseMethod = (next: Method) => {
    setMethod(next);
    setStage('not-sent');
    setOtp('');
  };

  // Already logged in (and not just now, while the success toast shows): nothing to do here.
  if (isLoggedIn && !done) return <Navigate to={returnTo} replace />;

  return (
    <AuthLayout title="Welcome Back" lead="Welcome back to your platform">
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label">Email address</label>
          <input
            id={emailId}
            type="email"
            className={`form-control${stage === 'verified' ? ' bg-body-tertiary' : ''}`}
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            readOnly={stage === 'verified'}
            onChange={(e) => changeEmail(e.target.value)}
          />
        </div>

        <fieldset className="btn-group w-100 mb-3" role="radiogroup" aria-label="How to log in">
          <input type="radio" className="btn-check" name="login-method" id={`${emailId}-password`} checked={method === 'password'}
            onChange={() => chooseMethod('password')} />
          <label className="btn btn-outline-secondary" htmlFor={`${emailId}-password`}>Login with Password</label>
          <input type="radio" className="btn-check" name="login-method" id={`${emailId}-otp`} checked={method === 'otp'}
            onChange={() => chooseMethod('otp')} />
          <label className="btn btn-outline-secondary" htmlFor={`${emailId}-otp`}>Login with OTP</label>
        </fieldset>

        {method === 'password' ? (
          <div className="mb-3">
            <label htmlFor={passwordId} className="form-label">Password</label>
            <input
              id={passwordId}
              type="password"
              className="form-control"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        ) : (
          <div className="mb-3">
            {stage === 'not-sent' && (
              <button type="button" className="btn btn-outline-primary w-100" onClick={send} disabled={busy !== null}>
                {busy === 'send' ? 'Sending...' : 'Send OTP'}
              </button>
            )}
            {stage === 'sent' && (
              <>
                <OtpInput value={otp} onChange={setOtp} onVerify={verify} busy={busy === 'verify'} disabled={busy !== null} />
                <button type="button" className="btn btn-link p-0 small" onClick={send} disabled={busy !== null}>Resend OTP</button>
              </>
            )}
            {stage === 'verified' && <p className="text-success mb-0" role="status">Email verified</p>}
          </div>
        )}

        <div className="d-flex justify-content-end mb-3">
          <Link to="/forgetpassword" className="small">Forgot Password?</Link>
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null || done}>
          {busy === 'login' ? 'Logging in...' : 'Login'}
        </button>
      </form>

      <GoogleSignIn text="signin_with" onCredential={onGoogle} onError={() => toast(AUTH_MSG.googleWidgetFailed, 'danger')} />

      <p className="text-center mt-4 mb-0">
        Don’t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
