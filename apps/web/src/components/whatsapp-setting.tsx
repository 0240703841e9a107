import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_NAMES, type Locale } from '@nirmaan/shared/i18n';
import { WHATSAPP_PHONE_MESSAGE, ZWhatsAppPhone, ZWhatsAppSetting, type WhatsAppSettingBody } from '@nirmaan/shared/whatsapp';
import { ErrorState, Loading } from './ui/states.tsx';
import { useToast } from './ui/toast.tsx';
import { api, failureText } from '../lib/api.ts';
import { term } from '../lib/terms.ts';

type Path = '/api/me/whatsapp' | '/api/vendor/whatsapp';

/** The words of the box, the same on every screen that shows it (issue 36). */
export const WHATSAPP_CONSENT_LABEL = 'Send me order and booking updates on WhatsApp';
const CONSENT_LABEL = msg`Send me order and booking updates on WhatsApp`;

/**
 * The WhatsApp setting of the profile (customers) and the vendor's settings: the number, the unticked box, the
 * language. Unticking and saving ends the consent at once.
 */
export function WhatsAppSetting({ path }: { path: Path }) {
  const query = useQuery({ queryKey: ['whatsapp', path], queryFn: () => api(path, {}, ZWhatsAppSetting) });
  const { t } = useLingui();
  const failed = (err: unknown, fallback: string) => failureText(err, fallback, t`Server error. Try again later.`);
  if (query.isPending) return <Loading text={t`Loading your WhatsApp setting...`} />;
  if (query.isError) return <ErrorState>{failed(query.error, t`Could not load your WhatsApp setting.`)}</ErrorState>;
  return <WhatsAppForm key={`${query.data.phone}-${query.data.consent}`} path={path} setting={query.data} />;
}

function WhatsAppForm({ path, setting }: { path: Path; setting: ReturnType<typeof ZWhatsAppSetting.parse> }) {
  const id = useId();
  const toast = useToast();
  const client = useQueryClient();
  const { i18n, t } = useLingui();
  const failed = (err: unknown, fallback: string) => failureText(err, fallback, t`Server error. Try again later.`);
  const [phone, setPhone] = useState(setting.phone?.replace(/^\+91/, '') ?? '');
  const [consent, setConsent] = useState(setting.consent);
  const [language, setLanguage] = useState<Locale>(setting.language ?? 'en');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: WhatsAppSettingBody) => api(path, { method: 'PUT', json: body }, ZWhatsAppSetting),
    onSuccess: (saved) => {
      client.setQueryData(['whatsapp', path], saved);
      toast(saved.consent ? t`WhatsApp updates are on.` : t`WhatsApp updates are off.`, 'success');
    },
    onError: (err) => setError(failed(err, t`Could not save your WhatsApp setting.`)),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ZWhatsAppPhone.safeParse(phone).success) return setError(term(i18n, WHATSAPP_PHONE_MESSAGE));
    setError(null);
    save.mutate({ phone, consent, language });
  };

  return (
    <form onSubmit={submit} noValidate className="card shadow-sm mt-4" aria-labelledby={`${id}-title`}>
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5"><Trans>WhatsApp updates</Trans></h2>
        {!setting.available && <p className="text-body-secondary"><Trans>WhatsApp updates are not available right now; updates come by email.</Trans></p>}
        <div className="mb-3">
          <label htmlFor={`${id}-phone`} className="form-label"><Trans>WhatsApp number</Trans></label>
          <input id={`${id}-phone`} className={`form-control${error ? ' is-invalid' : ''}`} type="tel" inputMode="tel" autoComplete="tel"
            placeholder={t`10-digit mobile number`} value={phone} onChange={(e) => setPhone(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && <div id={`${id}-error`} className="invalid-feedback">{error}</div>}
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-language`} className="form-label"><Trans>Language of the messages</Trans></label>
          <select id={`${id}-language`} className="form-select" value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
            {LOCALES.map((l) => <option key={l} value={l}>{LOCALE_NAMES[l]}</option>)}
          </select>
        </div>
        <div className="form-check mb-3">
          <input id={`${id}-consent`} className="form-check-input" type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} disabled={!setting.available && !consent} />
          <label htmlFor={`${id}-consent`} className="form-check-label">{i18n._(CONSENT_LABEL)}</label>
          <div className="form-text"><Trans>Reply STOP on WhatsApp, or untick this, to end them at once.</Trans></div>
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save WhatsApp setting`}</button>
      </div>
    </form>
  );
}
