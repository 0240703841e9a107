import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { ZSignupBody } from '@nirmaan/shared/auth';
import type { WhatsAppOptIn } from '@nirmaan/shared/whatsapp';
import { LOGIN_REDIRECT_MS, SIGNUP_LOCATIONS, SIGNUP_REDIRECT_MS } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import { failureText, googleLogin, rememberUser, sendOtp, signUp, verifyOtp } from '../api/auth.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { EmailCodeField, useEmailCode, type EmailCode } from '../../../components/ui/email-code.tsx';
import { Field, useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { GoogleSignIn, type GoogleClaims } from '../components/google-sign-in.tsx';
import { useBusy } from '../../../lib/use-busy.ts';
import { useRedirectAfter } from '../use-redirect-after.ts';
import { useWhatsAppOptIn } from '../../../components/whatsapp-opt-in.tsx';

/** The signup body and its confirmation, checked with the server's schema. */
const ZSignupForm = ZSignupBody.omit({ whatsapp: true }).extend({ Confirm: z.string() }).refine((v) => v.Confirm === v.Password, {
  path: ['Confirm'], message: AUTH_MSG.passwordsDoNotMatch,
});
type SignupValues = z.input<typeof ZSignupForm>;
const EMPTY: SignupValues = { Full_Name: '', Emailaddress: '', Phone_Number: '', Password: '', Confirm: '', Location: '' as SignupValues['Location'] };

const firstMessage = (errors: FieldErrors) => Object.values(errors).find((e) => typeof e?.message === 'string')?.message as string;

/** Signup: every field, the email verified by code first, then to /login after 2 s. */
export function Component() {
  const toast = useToast();
  const { i18n, t } = useLingui();
  const say = (text: string) => term(i18n, text);
  const redirectToLogin = useRedirectAfter(SIGNUP_REDIRECT_MS);
  const redirectHome = useRedirectAfter(LOGIN_REDIRECT_MS);
  const form = useZodForm(ZSignupForm, { defaultValues: EMPTY });
  const [busy, run] = useBusy<'send' | 'verify' | 'create' | 'google'>();
  const [created, setCreated] = useState(false);
  const { isLoggedIn } = useStoredUser();
  const email = (form.watch('Emailaddress') ?? '').trim();
  const whatsapp = useWhatsAppOptIn(form.watch('Phone_Number'));
  const code = useEmailCode(email, run, {
    sendCode: (to) => sendOtp(to, 'signup'),
    checkCode: async (to, otp) => (await verifyOtp(to, otp)).message === 'OTP verified',
  });

  const create = (body: z.output<typeof ZSignupForm>, optIn: WhatsAppOptIn | undefined) => run('create', async () => {
    try {
      const { Confirm: _confirm, ...account } = body;
      // The WhatsApp consent is stored with the account, in its transaction (decision record 038).
      await signUp({ ...account, whatsapp: optIn });
      setCreated(true);
      toast(say(AUTH_MSG.accountCreated), 'success');
      redirectToLogin('/login');
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.failedToCreateAccount)), 'danger');
    }
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || created) return;
    const values = form.getValues();
    if (Object.values(values).some((v) => v.trim() === '')) {
      await form.trigger();
      toast(say(AUTH_MSG.fillAllFields), 'warning');
    } else if (!code.verified) {
      toast(say(AUTH_MSG.verifyEmailFirst), 'warning');
    } else if (values.Password !== values.Confirm) {
      form.setError('Confirm', { message: AUTH_MSG.passwordsDoNotMatch });
      toast(say(AUTH_MSG.passwordsDoNotMatch), 'danger');
    } else {
      const optIn = whatsapp.field();
      if (optIn === null) return;
      await form.handleSubmit((body) => create(body, optIn), (errors) => toast(say(firstMessage(errors)), 'danger'))();
    }
  };

  const onGoogle = (credential: string, claims: GoogleClaims) => run('google', async () => {
    try {
      const res = await googleLogin(credential, claims);
      rememberUser(res.user);
      setCreated(true);
      toast(say(AUTH_MSG.googleSignupSuccess), 'success');
      redirectHome('/');
    } catch (err) {
      toast(say(failureText(err, AUTH_MSG.googleSignupFailed)), 'danger');
    }
  });

  if (isLoggedIn && !created) return <Navigate to="/" replace />;

  return (
    <AuthLayout title={t`Create your account`} lead={t`Join Nirmaan to hire professionals and order materials`}>
      <form onSubmit={submit} noValidate>
        <SignupFields form={form} code={code} busy={busy} />
        {whatsapp.box}
        <button type="submit" className="btn btn-primary w-100" disabled={!code.verified || busy !== null || created}>
          {busy === 'create' ? t`Creating account...` : t`Create Account`}
        </button>
        {!code.verified && <p className="form-text text-center mb-0"><Trans>Verify your email with the code we send to enable Create Account.</Trans></p>}
      </form>

      <GoogleSignIn text="signup_with" onCredential={onGoogle} onError={() => toast(say(AUTH_MSG.googleSignupWidgetFailed), 'danger')} />

      <p className="text-center mt-4 mb-0">
        <Trans>Already have an account? <Link to="/login">Login</Link></Trans>
      </p>
    </AuthLayout>
  );
}

function SignupFields({ form, code, busy }: { form: AnyForm<SignupValues>; code: EmailCode; busy: string | null }) {
  const { t } = useLingui();
  return (
    <>
      <Field form={form} name="Full_Name" label={t`Full name`} className="mb-3" autoComplete="name" required />
      <EmailCodeField form={form} name="Emailaddress" label={t`Email address`} code={code} busy={busy} required />
      <Field form={form} name="Phone_Number" label={t`Phone number`} className="mb-3" type="tel" autoComplete="tel" inputMode="tel"
        placeholder={t`10-digit mobile number`} required />
      <div className="row g-3 mb-3">
        <Field form={form} name="Password" label={t`Password`} className="col-sm-6" type="password" autoComplete="new-password" required />
        <Field form={form} name="Confirm" label={t`Confirm password`} className="col-sm-6" type="password" autoComplete="new-password" required />
      </div>
      <Field form={form} name="Location" label={t`Location`} className="mb-4" as="select" required>
        <option value="">{t`Choose your city`}</option>
        {SIGNUP_LOCATIONS.map((city) => <option key={city} value={city}>{city}</option>)}
      </Field>
    </>
  );
}
