import { type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { CHARGE_TYPES, CITIES } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { ZVendorSignupBody, categoriesFor } from '@nirmaan/shared/vendor-account';
import type { VendorKind } from '@nirmaan/shared/vendor-auth';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { EmailCodeField, useEmailCode } from '../../../components/ui/email-code.tsx';
import { Field, useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { useBusy } from '../../../lib/use-busy.ts';
import { verifyOtp } from '../api/vendor-auth.ts';
import { sendVendorSignupOtp, signUpVendor } from '../api/vendor-signup.ts';

/** What the form holds (text boxes hold text), turned into the signup body and checked with the server's schema. */
const ZVendorSignupForm = z.object({
  Business_Name: z.string(), Owner_name: z.string(), email: z.string(), phone: z.string(), password: z.string(), confirm: z.string(),
  kind: z.string(), Category: z.string(), city: z.string(), Business_address: z.string(), Charge_Per_Hour_or_Day: z.string(), Charge_Type: z.string(),
}).transform(({ confirm: _confirm, Charge_Per_Hour_or_Day: charge, Charge_Type, ...v }) => ({
  ...v,
  email: v.email.trim(),
  // A seller sends no charge.
  ...(v.kind === 'professional' ? { Charge_Per_Hour_or_Day: charge === '' ? undefined : Number(charge), Charge_Type } : {}),
})).pipe(ZVendorSignupBody);
type Values = z.input<typeof ZVendorSignupForm>;
const EMPTY: Values = {
  Business_Name: '', Owner_name: '', email: '', phone: '', password: '', confirm: '', kind: 'seller', Category: '', city: '',
  Business_address: '', Charge_Per_Hour_or_Day: '', Charge_Type: 'Per Visit',
};

const firstMessage = (errors: FieldErrors) => Object.values(errors).find((e) => typeof e?.message === 'string')?.message as string;

/**
 * Vendor signup (/vendor/signup): the email verified by code first, then the business. The account waits for
 * approval; the vendor goes to the login, which says so.
 */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const form = useZodForm(ZVendorSignupForm, { defaultValues: EMPTY });
  const [busy, run] = useBusy<'send' | 'verify' | 'create'>();
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  const mismatch = portalTerm(i18n, AUTH_MSG.passwordsDoNotMatch);
  const code = useEmailCode((form.watch('email') ?? '').trim(), run, {
    sendCode: sendVendorSignupOtp,
    checkCode: async (to, otp) => Boolean(await verifyOtp(to, otp)),
  });

  const create = (body: z.output<typeof ZVendorSignupForm>) => void run('create', async () => {
    try {
      const res = await signUpVendor(body);
      navigate('/vendor/login', { replace: true, state: { signedUp: res.message } });
    } catch (err) {
      toast(failureText(err, portalTerm(i18n, AUTH_MSG.failedToCreateAccount)), 'danger');
    }
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!code.verified) {
      toast(portalTerm(i18n, AUTH_MSG.verifyEmailFirst), 'warning');
      return;
    }
    const { password, confirm } = form.getValues();
    void form.handleSubmit((body) => {
      if (confirm !== password) showMismatch();
      else create(body);
    }, (errors) => {
      if (confirm !== password) form.setError('confirm', { message: mismatch });
      toast(firstMessage(errors), 'danger');
    })();
  };
  const showMismatch = () => {
    form.setError('confirm', { message: mismatch });
    toast(mismatch, 'danger');
  };

  return (
    <AuthLayout title={t`Sell or work on Nirmaan`} lead={t`Create your vendor account: verify your email, then tell customers about your business`}>
      <form onSubmit={submit} noValidate>
        <EmailCodeField form={form} name="email" label={t`Business email`} code={code} busy={busy} />
        <fieldset disabled={!code.verified}>
          <legend className="visually-hidden"><Trans>Your business</Trans></legend>
          <BusinessFields form={form} />
        </fieldset>
        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null || !code.verified}>
          {busy === 'create' ? <Trans>Creating...</Trans> : <Trans>Create vendor account</Trans>}
        </button>
      </form>
      <p className="text-center mt-4 mb-0 small text-body-secondary"><Trans>Already a vendor? <Link to="/vendor/login">Vendor login</Link></Trans></p>
    </AuthLayout>
  );
}

/** The business's fields: who, how to reach them, what they offer and where. */
function BusinessFields({ form }: { form: AnyForm<Values> }) {
  const kind = form.watch('kind') as VendorKind;
  const professional = kind === 'professional';
  const { i18n, t } = useLingui();
  return (
    <>
      <Field form={form} name="Business_Name" label={t`Business name`} className="mb-3" autoComplete="organization" />
      <Field form={form} name="Owner_name" label={t`Owner name`} className="mb-3" autoComplete="name" />
      <Field form={form} name="phone" label={t`Phone number`} className="mb-3" type="tel" inputMode="tel" autoComplete="tel" placeholder={t`10-digit mobile number`} />
      <div className="row g-3 mb-3">
        <Field form={form} name="password" label={t`Password`} className="col-sm-6" type="password" autoComplete="new-password" />
        <Field form={form} name="confirm" label={t`Confirm password`} className="col-sm-6" type="password" autoComplete="new-password" />
      </div>
      <div className="row g-3 mb-3">
        <Field form={form} name="kind" label={t`What you offer`} className="col-sm-6" as="select" onChange={() => form.setValue('Category', '')}>
          <option value="seller">{t`I sell materials`}</option>
          <option value="professional">{t`I offer a service`}</option>
        </Field>
        <Field form={form} name="Category" label={professional ? t`Trade` : t`Material category`} className="col-sm-6" as="select">
          <option value="">{t`Choose…`}</option>
          {categoriesFor(kind).map((c) => <option key={c} value={c}>{portalTerm(i18n, c)}</option>)}
        </Field>
      </div>
      {professional && (
        <div className="row g-3 mb-3">
          <Field form={form} name="Charge_Per_Hour_or_Day" label={t`Charge (₹)`} className="col-sm-6" type="number" inputMode="numeric" min={50} step={1} />
          <Field form={form} name="Charge_Type" label={t`Charged`} className="col-sm-6" as="select">
            {CHARGE_TYPES.map((c) => <option key={c} value={c}>{portalTerm(i18n, c)}</option>)}
          </Field>
        </div>
      )}
      <Field form={form} name="city" label={t`City`} className="mb-3" as="select">
        <option value="">{t`Choose…`}</option>
        {CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
      </Field>
      <Field form={form} name="Business_address" label={t`Business address`} className="mb-3" as="textarea" rows={2} autoComplete="street-address" />
    </>
  );
}
