import { useId } from 'react';
import { OTP_LENGTH } from '@nirmaan/shared/auth';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onVerify: () => void;
  /** A check of this code is under way. */
  busy: boolean;
  /** Another call is under way: neither the button nor Enter may start a check. */
  disabled?: boolean;
  label?: string;
}

/** The 6-digit code from the email and its Verify OTP button. */
export function OtpInput({ value, onChange, onVerify, busy, disabled = busy, label = 'OTP' }: Props) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">{label}</label>
      <div className="input-group">
        <input
          id={id}
          // It appears when the code has just been sent: the next thing to do is type it.
          autoFocus
          className="form-control otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder={t`6-digit code`}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            // A code is single use: a second check while the first runs would fail it.
            if (!disabled) onVerify();
          }}
        />
        <button type="button" className="btn btn-outline-primary" onClick={onVerify} disabled={disabled}>
          {busy ? t`Verifying...` : t`Verify OTP`}
        </button>
      </div>
      <div className="form-text"><Trans>Check your email for the code. It is valid for 10 minutes.</Trans></div>
    </div>
  );
}
