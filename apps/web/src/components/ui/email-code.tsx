import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../lib/terms.ts';
import { failureText } from '../../lib/api.ts';
import { FieldError, useControl, type AnyForm } from './form.tsx';
import { OtpInput } from './otp-input.tsx';
import { useToast } from './toast.tsx';

export type OtpStage = 'not-sent' | 'sent' | 'verified';
/** Runs one of the code's calls with the page's busy state set. */
export type CodeRun = (call: 'send' | 'verify', work: () => Promise<void>) => Promise<void>;

/** The two calls behind an emailed code (signup or login, customer or vendor). */
export interface CodeCalls {
  /** Mails a code to the email. */
  sendCode: (email: string) => Promise<unknown>;
  /** Whether the server accepted the code (a refusal may also throw). */
  checkCode: (email: string, otp: string) => Promise<boolean>;
}

/** The email's code steps of a signup: send, type, verify; a changed email starts them again. */
export function useEmailCode(email: string, run: CodeRun, { sendCode, checkCode }: CodeCalls) {
  const toast = useToast();
  const { i18n } = useLingui();
  const say = (text: string) => term(i18n, text);
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const [otp, setOtp] = useState('');

  const restart = () => {
    // A code belongs to the email it was sent to.
    if (stage === 'not-sent') return;
    setStage('not-sent');
    setOtp('');
  };

  const send = () => {
    if (!email) {
      toast(say(AUTH_MSG.enterEmailFirst), 'warning');
      return;
    }
    void run('send', async () => {
      try {
        await sendCode(email);
        setStage('sent');
        setOtp('');
        toast(say(AUTH_MSG.otpSent), 'success');
      } catch (err) {
        toast(say(failureText(err, AUTH_MSG.signupFailedToSendOtp)), 'danger');
      }
    });
  };

  const verify = () => {
    if (!otp) {
      toast(say(AUTH_MSG.enterTheOtp), 'warning');
      return;
    }
    void run('verify', async () => {
      try {
        if (await checkCode(email, otp)) {
          setStage('verified');
          toast(say(AUTH_MSG.signupOtpVerified), 'success');
        } else {
          toast(say(AUTH_MSG.invalidOtp), 'danger');
        }
      } catch (err) {
        toast(say(failureText(err, AUTH_MSG.invalidOtp)), 'danger');
      }
    });
  };

  return { stage, verified: stage === 'verified', otp, setOtp, send, verify, restart };
}
export type EmailCode = ReturnType<typeof useEmailCode>;

interface FieldProps<Values extends FieldValues> {
  form: AnyForm<Values>;
  name: FieldPath<Values>;
  label: string;
  code: EmailCode;
  /** Which call of the page is under way, if any. */
  busy: string | null;
  required?: boolean;
}

/** The email field with its Send OTP button (Verified once the code is checked), then the code's box while one is out. */
export function EmailCodeField<Values extends FieldValues>({ form, name, label, code, busy, required }: FieldProps<Values>) {
  const { props, error, errorId } = useControl(form, name, 'form-control', code.restart);
  const { t } = useLingui();
  return (
    <>
      <div className="mb-3">
        <label htmlFor={props.id} className="form-label">{label}</label>
        <div className="input-group">
          <input {...props} className={`${props.className}${code.verified ? ' bg-body-tertiary' : ''}`} type="email" autoComplete="email"
            readOnly={code.verified} required={required} />
          {code.verified ? <span className="input-group-text text-success"><Trans>Verified</Trans></span> : (
            <button type="button" className="btn btn-outline-primary" onClick={code.send} disabled={busy !== null}>
              {busy === 'send' ? t`Sending...` : code.stage === 'sent' ? t`Resend OTP` : t`Send OTP`}
            </button>
          )}
        </div>
        <FieldError id={errorId} message={error} />
      </div>
      {code.stage === 'sent' && <OtpInput value={code.otp} onChange={code.setOtp} onVerify={code.verify} busy={busy === 'verify'} disabled={busy !== null} />}
    </>
  );
}
