import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN } from '@nirmaan/shared/auth';
import { BANNER_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { failureText, resetPassword, sendOtp, verifyOtp } from '../api/auth.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';

type Step = 1 | 2 | 3;
interface Banner { id: number; text: string; variant: 'success' | 'danger' | 'warning' }

const STEP_TITLES: Record<Step, MessageDescriptor> = { 1: msg`Your email`, 2: msg`Enter the code`, 3: msg`New password` };

/** A message above the form that goes away by itself after 4 seconds (the spec's Forgot password screen). */
function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const { i18n } = useLingui();
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const show = (text: string, variant: Banner['variant']) => setBanner({ id: Date.now(), text: term(i18n, text), variant });
  return [banner, show] as const;
}

/** The spec's Forgot password screen: email → code → new password, then back to step 1 with everything cleared. */
export function Component() {
  const id = useId();
  const reset = usePasswordReset();
  const { step, email, loading, banner } = reset;
  const { t } = useLingui();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    void (step === 1 ? reset.send() : step === 2 ? reset.verify() : reset.reset());
  };

  return (
    <AuthLayout title={t`Forgot Password`} lead={t`Reset your password with a code sent to your registered email`}>
      <StepList step={step} />

      {banner && (
        <div key={banner.id} className={`alert alert-${banner.variant} py-2`} role="alert">{banner.text}</div>
      )}

      <form onSubmit={submit} noValidate>
        {step === 1 && (
          <div className="mb-3">
            <label htmlFor={`${id}-email`} className="form-label"><Trans>Registered email</Trans></label>
            <input id={`${id}-email`} type="email" className="form-control" autoComplete="email" value={email}
              onChange={(e) => reset.setEmail(e.target.value)} />
          </div>
        )}
        {step === 2 && (
          <>
            <p className="small text-body-secondary"><Trans>We sent a code to <strong>{email.trim()}</strong>.</Trans></p>
            <OtpInput value={reset.otp} onChange={reset.setOtp} onVerify={() => void reset.verify()} busy={loading} />
          </>
        )}
        {step === 3 && <NewPasswordFields id={id} reset={reset} />}
        {step !== 2 && (
          <button type="submit" className="btn btn-primary w-100" disabled={loading}>
            {loading ? t`Please wait...` : step === 1 ? t`Send OTP` : t`Reset Password`}
          </button>
        )}
        {step === 2 && (
          <div className="d-flex justify-content-between">
            <button type="button" className="btn btn-link p-0 small" disabled={loading} onClick={() => void reset.send()}><Trans>Resend OTP</Trans></button>
            <button type="button" className="btn btn-link p-0 small" disabled={loading} onClick={() => reset.setStep(1)}><Trans>Use another email</Trans></button>
          </div>
        )}
      </form>

      <p className="text-center mt-4 mb-0">
        <Trans>Remembered it? <Link to="/login">Back to login</Link></Trans>
      </p>
    </AuthLayout>
  );
}

/** The three steps' state and calls: each check a step needs first shows as a banner, as does each answer. */
function usePasswordReset() {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [loading, setLoading] = useState(false);
  const [banner, showBanner] = useBanner();
  const { t } = useLingui();

  const call = async (work: () => Promise<void>, failure: string) => {
    setLoading(true);
    try {
      await work();
    } catch (err) {
      showBanner(failureText(err, failure), 'danger');
    } finally {
      setLoading(false);
    }
  };

  const send = () => {
    if (!email.trim()) return showBanner(AUTH_MSG.enterYourEmail, 'warning');
    return call(async () => {
      const res = await sendOtp(email.trim(), 'reset');
      showBanner(res.message || AUTH_MSG.resetOtpSent, 'success');
      setOtp('');
      setStep(2);
    }, AUTH_MSG.resetFailedToSendOtp);
  };

  const verify = () => {
    if (!otp) return showBanner(AUTH_MSG.enterOtpDot, 'warning');
    return call(async () => {
      const res = await verifyOtp(email.trim(), otp);
      showBanner(res.message || AUTH_MSG.resetOtpVerified, 'success');
      setStep(3);
    }, AUTH_MSG.resetInvalidOtp);
  };

  const reset = () => {
    if (!password) return showBanner(AUTH_MSG.enterNewPassword, 'warning');
    if (password.length < PASSWORD_MIN) return showBanner(t`Passwords need at least ${PASSWORD_MIN} characters.`, 'warning');
    if (password !== confirm) return showBanner(AUTH_MSG.passwordsDoNotMatch, 'warning');
    return call(async () => {
      const res = await resetPassword(email.trim(), password);
      showBanner(res.message || AUTH_MSG.resetSuccess, 'success');
      setEmail('');
      setOtp('');
      setPassword('');
      setConfirm('');
      setStep(1);
    }, AUTH_MSG.resetFailed);
  };

  return { step, setStep, email, setEmail, otp, setOtp, password, setPassword, confirm, setConfirm, loading, banner, send, verify, reset };
}
type PasswordReset = ReturnType<typeof usePasswordReset>;

function StepList({ step }: { step: Step }) {
  const { i18n, t } = useLingui();
  return (
    <ol className="wizard-steps list-unstyled d-flex gap-2 mb-4" aria-label={t`Steps`}>
      {([1, 2, 3] as const).map((s) => (
        <li key={s} className={`wizard-step${s === step ? ' active' : ''}${s < step ? ' done' : ''}`} aria-current={s === step ? 'step' : undefined}>
          <span className="wizard-step-number">{s}</span>
          <span className="wizard-step-label">{i18n._(STEP_TITLES[s])}</span>
        </li>
      ))}
    </ol>
  );
}

function NewPasswordFields({ id, reset }: { id: string; reset: PasswordReset }) {
  return (
    <>
      <div className="mb-3">
        <label htmlFor={`${id}-password`} className="form-label"><Trans>New password</Trans></label>
        <input id={`${id}-password`} type="password" className="form-control" autoComplete="new-password" minLength={PASSWORD_MIN}
          value={reset.password} onChange={(e) => reset.setPassword(e.target.value)} />
        <div className="form-text"><Trans>At least {PASSWORD_MIN} characters.</Trans></div>
      </div>
      <div className="mb-3">
        <label htmlFor={`${id}-confirm`} className="form-label"><Trans>Confirm new password</Trans></label>
        <input id={`${id}-confirm`} type="password" className="form-control" autoComplete="new-password"
          value={reset.confirm} onChange={(e) => reset.setConfirm(e.target.value)} />
      </div>
    </>
  );
}
