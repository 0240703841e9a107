import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LOGIN_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import {
  failureText, googleLogin, loginWithOtp, loginWithPassword, rememberUser, sendOtp, verifyOtp,
} from '../api/auth.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { GoogleSignIn, type GoogleClaims } from '../components/google-sign-in.tsx';
import { LoginCodeSteps, LoginMethodSwitch, useLoginCode, type LoginMethod } from '../../../components/ui/login-code.tsx';
import { useBusy } from '../../../lib/use-busy.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';

type Call = 'login' | 'send' | 'verify' | 'google';

/** Where a login goes back to (`?next=`, set by pages that need one): a path of this site, else home. */
function safeNextPath(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** A customer's login code; the server answers a wrong one with a message other than "OTP verified". */
const LOGIN_CODE_CALLS = {
  sendCode: (email: string) => sendOtp(email, 'login'),
  checkCode: async (email: string, otp: string) => (await verifyOtp(email, otp)).message === 'OTP verified',
};

/** The spec's Login screen: password or emailed code, Google when configured; home after 1.5 s. */
export function Component() {
  const toast = useToast();
  const emailId = useId();
  const passwordId = useId();
  const [method, setMethod] = useState<LoginMethod>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, run] = useBusy<Call>();
  const { isLoggedIn } = useStoredUser();
  const [params] = useSearchParams();
  const returnTo = safeNextPath(params.get('next'));
  const { i18n, t } = useLingui();

  const { done, submitPassword, finishOtpLogin, onGoogle } = useLoginCalls(email, password, run, returnTo);
  const code = useLoginCode(email, run, LOGIN_CODE_CALLS, () => finishOtpLogin());
  const { stage } = code;
  const changeEmail = (value: string) => {
    setEmail(value);
    // A code belongs to the email it was sent to.
    if (stage !== 'not-sent') code.restart();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    if (method === 'password') {
      void submitPassword();
    } else if (stage !== 'verified') {
      toast(term(i18n, AUTH_MSG.verifyOtpBeforeLogin), 'warning');
    } else {
      void run('login', finishOtpLogin);
    }
  };

  const chooseMethod = (next: LoginMethod) => {
    setMethod(next);
    code.restart();
  };

  // Already logged in (and not just now, while the success toast shows): nothing to do here.
  if (isLoggedIn && !done) return <Navigate to={returnTo} replace />;

  return (
    <AuthLayout title={t`Welcome Back`} lead={t`Welcome back to your platform`}>
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label"><Trans>Email address</Trans></label>
          <input id={emailId} type="email" className={`form-control${stage === 'verified' ? ' bg-body-tertiary' : ''}`} autoComplete="email"
            placeholder={t`you@example.com`} value={email} readOnly={stage === 'verified'} onChange={(e) => changeEmail(e.target.value)} />
        </div>

        <LoginMethodSwitch id={emailId} name="login-method" method={method} onChoose={chooseMethod} />

        {method === 'password' ? (
          <div className="mb-3">
            <label htmlFor={passwordId} className="form-label"><Trans>Password</Trans></label>
            <input id={passwordId} type="password" className="form-control" autoComplete="current-password" value={password}
              onChange={(e) => setPassword(e.target.value)} />
          </div>
        ) : (
          <LoginCodeSteps code={code} busy={busy} resend />
        )}

        <div className="d-flex justify-content-end mb-3">
          <Link to="/forgetpassword" className="small"><Trans>Forgot Password?</Trans></Link>
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null || done}>
          {busy === 'login' ? t`Logging in...` : t`Login`}
        </button>
      </form>

      <GoogleSignIn text="signin_with" onCredential={onGoogle} onError={() => toast(term(i18n, AUTH_MSG.googleWidgetFailed), 'danger')} />

      <p className="text-center mt-4 mb-0">
        <Trans>Don’t have an account? <Link to="/signup">Sign up</Link></Trans>
      </p>
    </AuthLayout>
  );
}

/** The calls that log in (password, a verified code, Google); a success remembers the user and goes back after 1.5 s. */
function useLoginCalls(email: string, password: string, run: (call: Call, work: () => Promise<void>) => Promise<void>, returnTo: string) {
  const toast = useToast();
  const redirect = useRedirectAfter(LOGIN_REDIRECT_MS);
  const [done, setDone] = useState(false);
  const { i18n } = useLingui();
  const say = (text: string) => term(i18n, text);

  const succeed = (user: Parameters<typeof rememberUser>[0], message: string) => {
    rememberUser(user);
    setDone(true);
    toast(say(message), 'success');
    redirect(returnTo);
  };

  const submitPassword = () => run('login', async () => {
    if (!email.trim() || !password) {
      toast(say(AUTH_MSG.provideEmailAndPassword), 'warning');
      return;
    }
    try {
      const res = await loginWithPassword(email.trim(), password);
      succeed(res.user, AUTH_MSG.loginSuccess);
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.checkCredentials)), 'danger');
    }
  });

  const finishOtpLogin = async () => {
    try {
      const res = await loginWithOtp(email.trim());
      succeed(res.user, AUTH_MSG.otpLoginSuccess);
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.loginAfterOtpFailed)), 'danger');
    }
  };

  const onGoogle = (credential: string, claims: GoogleClaims) => run('google', async () => {
    try {
      const res = await googleLogin(credential, claims);
      succeed(res.user, AUTH_MSG.googleLoginSuccess);
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.googleLoginFailed)), 'danger');
    }
  });

  return { done, submitPassword, finishOtpLogin, onGoogle };
}
