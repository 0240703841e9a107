import { useState } from 'react';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../lib/terms.ts';
import { failureText } from '../../lib/api.ts';
import type { CodeCalls, CodeRun, OtpStage } from './email-code.tsx';
import { OtpInput } from './otp-input.tsx';
import { useToast } from './toast.tsx';

/** The two ways to log in, to a customer or to a vendor session. */
export type LoginMethod = 'password' | 'otp';

/** A login's emailed code: send, type, verify; a verified code logs in through `onVerified`. */
export function useLoginCode(email: string, run: CodeRun, { sendCode, checkCode }: CodeCalls, onVerified: () => Promise<void>) {
  const { i18n } = useLingui();
  const say = (text: string) => term(i18n, text);
  const toast = useToast();
  const [otp, setOtp] = useState('');
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const restart = () => {
    setStage('not-sent');
    setOtp('');
  };

  const send = () => run('send', async () => {
    if (!email.trim()) {
      toast(say(AUTH_MSG.enterEmailForOtp), 'warning');
      return;
    }
    try {
      await sendCode(email.trim());
      setStage('sent');
      setOtp('');
      toast(say(AUTH_MSG.otpSent), 'success');
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.failedToSendOtp)), 'danger');
    }
  });

  const verify = () => run('verify', async () => {
    if (!otp) {
      toast(say(AUTH_MSG.enterOtp), 'warning');
      return;
    }
    try {
      if (!(await checkCode(email.trim(), otp))) {
        toast(say(AUTH_MSG.invalidOtp), 'danger');
        return;
      }
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.otpVerificationFailed)), 'danger');
      return;
    }
    setStage('verified');
    await onVerified();
  });

  return { stage, otp, setOtp, send, verify, restart };
}
export type LoginCode = ReturnType<typeof useLoginCode>;

/** Password or emailed code, as two buttons of one radio group; `name` keeps the two login forms' groups apart. */
export function LoginMethodSwitch({ id, name, method, onChoose }: { id: string; name: string; method: LoginMethod; onChoose: (m: LoginMethod) => void }) {
  const { t } = useLingui();
  return (
    <fieldset className="btn-group w-100 mb-3" role="radiogroup" aria-label={t`How to log in`}>
      <input type="radio" className="btn-check" name={name} id={`${id}-password`} checked={method === 'password'}
        onChange={() => onChoose('password')} />
      <label className="btn btn-outline-secondary" htmlFor={`${id}-password`}><Trans>Login with Password</Trans></label>
      <input type="radio" className="btn-check" name={name} id={`${id}-otp`} checked={method === 'otp'}
        onChange={() => onChoose('otp')} />
      <label className="btn btn-outline-secondary" htmlFor={`${id}-otp`}><Trans>Login with OTP</Trans></label>
    </fieldset>
  );
}

/** The code's steps under the switch: Send OTP, then the code's box (with Resend OTP when `resend`), then Email verified. */
export function LoginCodeSteps({ code, busy, resend = false }: { code: LoginCode; busy: string | null; resend?: boolean }) {
  const { stage, send } = code;
  const { t } = useLingui();
  return (
    <div className="mb-3">
      {stage === 'not-sent' && (
        <button type="button" className="btn btn-outline-primary w-100" onClick={send} disabled={busy !== null}>
          {busy === 'send' ? t`Sending...` : t`Send OTP`}
        </button>
      )}
      {stage === 'sent' && (
        <>
          <OtpInput value={code.otp} onChange={code.setOtp} onVerify={code.verify} busy={busy === 'verify'} disabled={busy !== null} />
          {resend && <button type="button" className="btn btn-link p-0 small" onClick={send} disabled={busy !== null}><Trans>Resend OTP</Trans></button>}
        </>
      )}
      {stage === 'verified' && <p className="text-success mb-0" role="status"><Trans>Email verified</Trans></p>}
    </div>
  );
}
