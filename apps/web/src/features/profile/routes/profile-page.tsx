import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ZProfileUpdateBody, type Profile } from '@nirmaan/shared/auth';
import { CITIES } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, failureText } from '../../../lib/api.ts';
import { clearStoredUser, logOut, useStoredUser } from '../../../lib/session.ts';
import { Field, useZodForm } from '../../../components/ui/form.tsx';
import { profileQuery } from '../../../lib/queries.ts';
import { useSaveProfile } from '../api/profile.ts';
import { WhatsAppSetting } from '../../../components/whatsapp-setting.tsx';

function LoginPrompt() {
  const { i18n } = useLingui();
  return (
    <div className="text-center py-5">
      <p className="lead">{term(i18n, AUTH_MSG.loginToSeeProfile)}</p>
      <Link to="/login" className="btn btn-primary"><Trans>Login</Trans></Link>
    </div>
  );
}

const sessionGone = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/** The spec's Profile screen: name, email (read-only), phone and location; Save really saves (docs/architecture.md). */
export function Component() {
  const { userId } = useStoredUser();
  const profile = useQuery(profileQuery(userId));
  const gone = profile.isError && sessionGone(profile.error);
  const { i18n, t } = useLingui();

  useEffect(() => {
    // The server no longer knows this session: the UI is logged out too.
    if (gone) clearStoredUser();
  }, [gone]);

  let body;
  if (!userId || gone) body = <LoginPrompt />;
  else if (profile.isPending) body = <Loading text={t`Loading your profile...`} />;
  else if (profile.isError) body = <ErrorState>{term(i18n, AUTH_MSG.profileLoadFailed)}</ErrorState>;
  else body = <><ProfileForm key={profile.data._id} profile={profile.data} /><WhatsAppSetting path="/api/me/whatsapp" /></>;

  return (
    <div className="container py-4 py-lg-5 profile-page">
      <h1 className="h3 mb-4"><Trans>My Profile</Trans></h1>
      {body}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const toast = useToast();
  const { i18n, t } = useLingui();
  const save = useSaveProfile();
  const form = useZodForm(ZProfileUpdateBody, {
    defaultValues: { Full_Name: profile.Full_Name, Phone_Number: profile.Phone_Number, Location: profile.Location },
  });
  const locations: string[] = (CITIES as readonly string[]).includes(profile.Location) || !profile.Location
    ? [...CITIES] : [...CITIES, profile.Location];

  const submit = form.handleSubmit((changes) => {
    save.mutate(changes, {
      onSuccess: () => toast(term(i18n, AUTH_MSG.profileSaved), 'success'),
      onError: (err) => {
        if (sessionGone(err)) clearStoredUser();
        toast(term(i18n, failureText(err, AUTH_MSG.serverError)), 'danger');
      },
    });
  });

  return (
    <div className="card shadow-sm profile-card">
      <div className="card-body p-4">
        <ProfileHeading profile={profile} />
        <form onSubmit={submit} noValidate>
          <Field form={form} name="Full_Name" label={t`Full name`} className="mb-3" autoComplete="name" />
          <ReadOnlyEmail email={profile.Emailaddress} />
          <Field form={form} name="Phone_Number" label={t`Phone number`} className="mb-3" type="tel" inputMode="tel" autoComplete="tel"
            placeholder={t`10-digit mobile number`} />
          <Field form={form} name="Location" label={t`Location`} className="mb-4" as="select">
            <option value="">{t`Choose your city`}</option>
            {locations.map((city) => <option key={city} value={city}>{city}</option>)}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t`Saving...` : t`Save Changes`}
          </button>
        </form>
      </div>
    </div>
  );
}

function ProfileHeading({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  return (
    <div className="d-flex align-items-center gap-3 mb-4">
      <span className="profile-avatar" aria-hidden="true">{profile.Full_Name.charAt(0).toUpperCase()}</span>
      <div className="flex-grow-1 text-break">
        <p className="h5 mb-0">{profile.Full_Name}</p>
        <p className="text-body-secondary mb-0">{profile.Emailaddress}</p>
      </div>
      {/* Phones have no header menu: this is their way out. */}
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={async () => {
        await logOut();
        navigate('/login');
      }}><Trans>Logout</Trans></button>
    </div>
  );
}

function ReadOnlyEmail({ email }: { email: string }) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={`${id}-email`} className="form-label"><Trans>Email address</Trans></label>
      <input id={`${id}-email`} className="form-control bg-body-tertiary" type="email" value={email} readOnly aria-describedby={`${id}-email-help`} />
      <div id={`${id}-email-help`} className="form-text"><Trans>Your email is your login and cannot be changed.</Trans></div>
    </div>
  );
}
