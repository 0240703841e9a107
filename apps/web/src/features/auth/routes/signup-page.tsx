import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { ZSignupBody } from '@nirmaan/shared/auth';
import { LOGIN_REDIRECT_MS, SIGNUP_LOCATIONS, SIGNUP_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import { failureText, googleLogin, rememberUser, sendOtp, signUp, verifyOtp, type SignupInput } from '../api/auth.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { GoogleSignIn, type GoogleClaims } from '../components/google-sign-in.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { useBusy } from '../../../lib/use-busy.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';

type OtpStage = 'not-sent' | 'sent' | 'verified';
type Field = keyof SignupInput | 'Confirm';
const EMPTY: Record<Field, string> = { Full_Name: '', Emailaddress: '', Phone_Number: '', Password: '', Confirm: '', Location: '' };

/** First error per field, from the same schema the server validates with. */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const parsed = ZSignupBody.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  if (values.Confirm !== values.Password) errors.Confirm = AUTH_MSG.passwordsDoNotMatch;
  return errors;
}

/** SPEC.md §2 Signup: every field, the email verified by code first, then to /login after 2 s. */
export function Component() {
  const toast = useToast();
  const redirectToLogin = useRedirectAfter(SIGNUP_REDIRECT_MS);
  const redirectHome = useRedirectAfter(LOGIN_REDIRECT_MS);
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [shownErrors, setShownErrors] = useState<Partial<Record<Field, string>>>({});
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const [otp, setOtp] = useState('');
  const [busy, run] = useBusy<'send' | 'verify' | 'create' | 'google'>();
  const [created, setCreated] = useState(false);
  const { isLoggedIn } = useStoredUser();

  const email = values.Emailaddress.trim();
  const verified = stage === 'verified';

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setShownErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'Emailaddress' && stage !== 'not-sent') {
      setStage('not-sent');
      setOtp('');
    }
  };

  const send = async () => {
    if (!email) {
      toast(AUTH_MSG.enterEmailFirst, 'warning');
      return;
    }
    await run('send', async () => {
      try {
        await sendOtp(email, 'signup');
        setStage('sent');
        setOtp('');
        toast(AUTH_MSG.otpSent, 'success');
      } catch (err) {
        toast(failureText(err, AUTH_MSG.signupFailedToSendOtp), 'danger');
      }
    });
  };

  const verify = async () => {
    if (!otp) {
      toast(AUTH_MSG.enterTheOtp, 'warning');
      return;
    }
    await run('verify', async () => {
      try {
        const res = await verifyOtp(email, otp);
        if (res.message === 'OTP verified') {
          setStage('verified');
          toast(AUTH_MSG.signupOtpVerified, 'success');
        } else {
          toast(AUTH_MSG.invalidOtp, 'danger');
        }
      } catch (err) {
        toast(failureText(err, AUTH_MSG.invalidOtp), 'danger');
      }
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || created) return;
    if (Object.values(values).some((v) => v.trim() === '')) {
      setShownErrors(fieldErrors(values));
      toast(AUTH_MSG.fillAllFields, 'warning');
      return;
    }
    if (!verified) {
      toast(AUTH_MSG.verifyEmailFirst, 'warning');
      return;
    }
    if (values.Password !== values.Confirm) {
      setShownErrors({ Confirm: AUTH_MSG.passwordsDoNotMatch });
      toast(AUTH_MSG.passwordsDoNotMatch, 'danger');
      return;
    }
    const errors = fieldErrors(values);
    if (Object.keys(errors).length > 0) {
      setShownErrors(errors);
      toast(Object.values(errors)[0]!, 'danger');
      return;
    }
    await run('create', async () => {
      try {
        const { Confirm: _confirm, ...body } = values;
        await signUp({ ...body, Full_Name: body.Full_Name.trim(), Emailaddress: email, Phone_Number: body.Phone_Number.trim() });
        setCreated(true);
        toast(AUTH_MSG.accountCreated, 'success');
        redirectToLogin('/login');
      } catch (err) {
        toast(failureText(err, AUTH_MSG.failedToCreateAccount), 'danger');
      }
    });
  };

  const onGoogle = (credential: string, claims: GoogleClaims) => run('google', async () => {
    try {
      const res = await googleLogin(credential, claims);
      rememberUser(res.user);
      setCreated(true);
      toast(AUTH_MSG.googleSignupSuccess, 'success');
      redirectHome('/');
    } catch (err) {
      toast(failureText(err, AUTH_MSG.googleSignupFailed), 'danger');
    }
  });

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    className: `form-control${shownErrors[name] ? ' is-invalid' : ''}${name === 'Emailaddress' && verified ? ' bg-body-tertiary' : ''}`,
    value: values[name],
    'aria-invalid': shownErrors[name] ? true : undefined,
    'aria-describedby': shownErrors[name] ? `${id}-${name}-error` : undefined,
    onChange: (ev: { target: { value: string } }) => set(name, ev.target.value),
  });
  const error = (name: Field) =>
    shownErrors[name] ? <div id={`${id}-${name}-error`} className="invalid-feedback d-block">{shownErrors[name]}</div> : null;

  if (isLoggedIn && !created) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Create your account" lead="Join Nirmaan to hire professionals and order materials">
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={`${id}-Full_Name`} className="form-label">Full name</label>
          <input {...field('Full_Name')} autoComplete="name" required />
          {error('Full_Name')}
        </div>

        <div className="mb-3">
          <label htmlFor={`${id}-Emailaddress`} className="form-label">Email address</label>
          <div className="input-group">
            <input {...field('Emailaddress')} type="email" autoComplete="email" readOnly={verified} required />
            {!verified && (
              <button type="button" className="btn btn-outline-primary" onClick={send} disabled={busy !== null}>
                {busy === 'send' ? 'Sending...' : stage === 'sent' ? 'Resend OTP' : 'Send OTP'}
              </button>
            )}
            {verified && <span className="input-group-text text-success">Verified</span>}
          </div>
          {error('Emailaddress')}
        </div>

        {stage === 'sent' && <OtpInput value={otp} onChange={setOtp} onVerify={verify} busy={busy === 'verify'} disabled={busy !== null} />}

        <div className="mb-3">
          <label htmlFor={`${id}-Phone_Number`} className="form-label">Phone number</label>
          <input {...field('Phone_Number')} type="tel" autoComplete="tel" inputMode="tel" placeholder="10-digit mobile number" required />
          {error('Phone_Number')}
        </div>

        <div className="row g-3 mb-3">
          <div className="col-sm-6">
            <label htmlFor={`${id}-Password`} className="form-label">Password</label>
            <input {...field('Password')} type="password" autoComplete="new-password" required />
            {error('Password')}
          </div>
          <div className="col-sm-6">
            <label htmlFor={`${id}-Confirm`} className="form-label">Confirm password</label>
            <input {...field('Confirm')} type="password" autoComplete="new-password" required />
            {error('Confirm')}
          </div>
        </div>

        <div className="mb-4">
          <label htmlFor={`${id}-Location`} className="form-label">Location</label>
          <select {...field('Location')} className={`form-select${shownErrors.Location ? ' is-invalid' : ''}`} required>
            <option value="">Choose your city</option>
            {SIGNUP_LOCATIONS.map((city) => <option key={city} value={city}>{city}</option>)}
          </select>
          {error('Location')}
        </div>

        <button type="submit" className="btn btn-primary w-100" disabled={!verified || busy !== null || created}>
          {busy === 'create' ? 'Creating account...' : 'Create Account'}
        </button>
        {!verified && <p className="form-text text-center mb-0">Verify your email with the code we send to enable Create Account.</p>}
      </form>

      <GoogleSignIn text="signup_with" onCredential={onGoogle} onError={() => toast(AUTH_MSG.googleSignupWidgetFailed, 'danger')} />

      <p className="text-center mt-4 mb-0">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
