import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { LoginCodeSteps, LoginMethodSwitch, useLoginCode, type LoginMethod } from '../../../components/ui/login-code.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { clearStoredUser } from '../../../lib/session.ts';
import { useBusy } from '../../../lib/use-busy.ts';
import { loginVendor, loginVendorWithOtp, sendVendorOtp, useRefreshVendorMe, useVendorMe, verifyOtp } from '../api/vendor-auth.ts';
import { safeVendorPath } from '../vendor-paths.ts';

type Call = 'login' | 'send' | 'verify';
type Run = (call: Call, work: () => Promise<void>) => Promise<void>;

/** A vendor's login code; a wrong one is refused with an error, so an answer means it was accepted. */
const VENDOR_CODE_CALLS = {
  sendCode: sendVendorOtp,
  checkCode: async (email: string, otp: string) => {
    await verifyOtp(email, otp);
    return true;
  },
};

/** Vendor login (/vendor/login): password or emailed code, like the customer login, into a vendor session. */
export function Component() {
  const toast = useToast();
  const [params] = useSearchParams();
  // Set by the signup page: the new account awaits approval.
  const signedUp = (useLocation().state as { signedUp?: string } | null)?.signedUp;
  const next = safeVendorPath(params.get('next'));
  const emailId = useId();
  const passwordId = useId();
  const [method, setMethod] = useState<LoginMethod>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, run] = useBusy<Call>();
  const me = useVendorMe();
  const { submitPassword, finishOtpLogin } = useVendorLoginCalls(email, password, run, next);
  const code = useLoginCode(email, run, VENDOR_CODE_CALLS, finishOtpLogin);
  const { stage } = code;
  const { i18n, t } = useLingui();

  const changeEmail = (value: string) => {
    setEmail(value);
    // A code belongs to the email it was sent to.
    if (stage !== 'not-sent') code.restart();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (method === 'password') void submitPassword();
    else if (stage !== 'verified') toast(portalTerm(i18n, AUTH_MSG.verifyOtpBeforeLogin), 'warning');
    else void run('login', finishOtpLogin);
  };

  const chooseMethod = (value: LoginMethod) => {
    setMethod(value);
    code.restart();
  };

  if (me.data && !busy) return <Navigate to={next} replace />;

  return (
    <AuthLayout title={t`Vendor Login`} lead={t`Manage your store, orders, bookings and messages`}>
      {signedUp && <div className="alert alert-success" role="status">{portalTerm(i18n, signedUp)}</div>}
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={emailId} className="form-label"><Trans>Business email</Trans></label>
          <input id={emailId} type="email" className="form-control" autoComplete="email" placeholder="you@business.in"
            value={email} readOnly={stage === 'verified'} onChange={(e) => changeEmail(e.target.value)} />
        </div>
        <LoginMethodSwitch id={emailId} name="vendor-login-method" method={method} onChoose={chooseMethod} />
        {method === 'password' ? (
          <div className="mb-3">
            <label htmlFor={passwordId} className="form-label"><Trans>Password</Trans></label>
            <input id={passwordId} type="password" className="form-control" autoComplete="current-password"
              value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
        ) : (
          <LoginCodeSteps code={code} busy={busy} />
        )}
        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null}>
          {busy === 'login' ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
        </button>
      </form>
      <p className="text-center mt-4 mb-1 small text-body-secondary"><Trans>New to Nirmaan? <Link to="/vendor/signup">Create a vendor account</Link></Trans></p>
      <p className="text-center mb-0 small text-body-secondary"><Trans>Buying for a project? <a href="/login">Customer login</a></Trans></p>
    </AuthLayout>
  );
}

/** The calls that log a vendor in (password, a verified code); a success ends any customer session here and opens `next`. */
function useVendorLoginCalls(email: string, password: string, run: Run, next: string) {
  const toast = useToast();
  const navigate = useNavigate();
  const refreshMe = useRefreshVendorMe();
  const { i18n } = useLingui();
  const failureText = useFailureText();

  const succeed = async (message: string) => {
    // One cookie holds one session: a customer logged in in this browser is now logged out.
    clearStoredUser();
    toast(portalTerm(i18n, message), 'success');
    await refreshMe();
    navigate(next, { replace: true });
  };

  const submitPassword = () => run('login', async () => {
    if (!email.trim() || !password) {
      toast(portalTerm(i18n, AUTH_MSG.provideEmailAndPassword), 'warning');
      return;
    }
    try {
      await loginVendor(email.trim(), password);
      await succeed(AUTH_MSG.loginSuccess);
    } catch (err) {
      toast(failureText(err, portalTerm(i18n, AUTH_MSG.checkCredentials)), 'danger');
    }
  });

  const finishOtpLogin = async () => {
    try {
      await loginVendorWithOtp(email.trim());
      await succeed(AUTH_MSG.otpLoginSuccess);
    } catch (err) {
      toast(failureText(err, portalTerm(i18n, AUTH_MSG.loginAfterOtpFailed)), 'danger');
    }
  };

  return { submitPassword, finishOtpLogin };
}
