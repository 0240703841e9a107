import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZWhatsAppPhone, type WhatsAppOptIn } from '@nirmaan/shared/whatsapp';

/**
 * The unticked "Send me order and booking updates on WhatsApp" box of the signup, checkout and booking forms (issue
 * 36), with the number to use: the form's own phone until the person types another. Its answer travels in the form's
 * own call (`whatsapp` on /profiledata, /ordercart and /api/booking), so the server stores the consent in the same
 * transaction as the account, order or booking, with the screen it was given on (decision record 038).
 */
export interface WhatsAppOptInControl {
  /** The box, its number and the number's error, to place in the form. */
  box: React.ReactNode;
  /**
   * The field for the call's body: undefined when the box is unticked; null when the number is not an Indian mobile
   * (the message then shows at the number and the form should not be sent).
   */
  field(): WhatsAppOptIn | undefined | null;
}

export function useWhatsAppOptIn(formPhone: string | undefined): WhatsAppOptInControl {
  const { t } = useLingui();
  const [ticked, setTicked] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const phone = typed ?? formPhone ?? '';
  const field = () => {
    if (!ticked) return undefined;
    if (!ZWhatsAppPhone.safeParse(phone).success) {
      setError(t`Please enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (with or without +91).`);
      return null;
    }
    setError(null);
    return { phone, consent: true };
  };
  const box = <WhatsAppOptInBox ticked={ticked} onTick={setTicked} phone={phone} onPhone={(v) => { setTyped(v); setError(null); }} error={error} />;
  return { box, field };
}

function WhatsAppOptInBox({ ticked, onTick, phone, onPhone, error }: {
  ticked: boolean; onTick: (ticked: boolean) => void; phone: string; onPhone: (phone: string) => void; error: string | null;
}) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="mb-3 whatsapp-opt-in">
      <div className="form-check">
        <input id={`${id}-consent`} className="form-check-input" type="checkbox" checked={ticked} onChange={(e) => onTick(e.target.checked)} />
        <label htmlFor={`${id}-consent`} className="form-check-label"><Trans>Send me order and booking updates on WhatsApp</Trans></label>
        <div className="form-text"><Trans>Reply STOP on WhatsApp at any time to end them.</Trans></div>
      </div>
      {ticked && (
        <div className="mt-2">
          <label htmlFor={`${id}-phone`} className="form-label"><Trans>WhatsApp number</Trans></label>
          <input id={`${id}-phone`} className={`form-control${error ? ' is-invalid' : ''}`} type="tel" inputMode="tel" autoComplete="tel"
            placeholder={t`10-digit mobile number`} value={phone} onChange={(e) => onPhone(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && <div id={`${id}-error`} className="invalid-feedback">{error}</div>}
        </div>
      )}
    </div>
  );
}
