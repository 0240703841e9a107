import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ZProfileUpdateBody, type Profile } from '@nirmaan/shared/auth';
import { CITIES } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { clearStoredUser, logOut, useStoredUser } from '../../../lib/session.ts';
import { useProfile, useSaveProfile, type ProfileChanges } from '../api/profile.ts';

function LoginPrompt() {
  return (
    <div className="text-center py-5">
      <p className="lead">{AUTH_MSG.loginToSeeProfile}</p>
      <Link to="/login" className="btn btn-primary">Login</Link>
    </div>
  );
}

const sessionGone = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/** SPEC.md §2 Profile: name, email (read-only), phone and location; Save really saves (DESIGN.md §6). */
export function Component() {
  const { userId } = useStoredUser();
  const profile = useProfile(userId);
  const gone = profile.isError && sessionGone(profile.error);

  useEffect(() => {
    // The server no longer knows this session: the UI is logged out too.
    if (gone) clearStoredUser();
  }, [gone]);

  let body;
  if (!userId || gone) body = <LoginPrompt />;
  else if (profile.isPending) body = <Loading text="Loading your profile..." />;
  else if (profile.isError) body = <ErrorState>{AUTH_MSG.profileLoadFailed}</ErrorState>;
  else body = <ProfileForm key={profile.data._id} profile={profile.data} />;

  return (
    <div className="container py-4 py-lg-5 profile-page">
      <h1 className="h3 mb-4">My Profile</h1>
      {body}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [values, setValues] = useState<ProfileChanges>({
    Full_Name: profile.Full_Name, Phone_Number: profile.Phone_Number, Location: profile.Location,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileChanges, string>>>({});
  const locations: string[] = (CITIES as readonly string[]).includes(profile.Location) || !profile.Location
    ? [...CITIES] : [...CITIES, profile.Location];

  const set = (field: keyof ProfileChanges, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZProfileUpdateBody.safeParse(values);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof ProfileChanges] ??= issue.message;
      setErrors(found);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast(AUTH_MSG.profileSaved, 'success'),
      onError: (err) => {
        if (sessionGone(err)) clearStoredUser();
        toast(err instanceof ApiError ? err.message : AUTH_MSG.serverError, 'danger');
      },
    });
  };

  const invalid = (field: keyof ProfileChanges) => ({
    className: `form-control${errors[field] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const error = (field: keyof ProfileChanges) =>
    errors[field] ? <div id={`${id}-${field}-error`} className="invalid-feedback d-block">{errors[field]}</div> : null;

  return (
    <div className="card shadow-sm profile-card">
      <div className="card-body p-4">
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
          }}>Logout</button>
        </div>
        <form onSubmit={submit} noValidate>
          <div className="mb-3">
            <label htmlFor={`${id}-name`} className="form-label">Full name</label>
            <input id={`${id}-name`} {...invalid('Full_Name')} autoComplete="name" value={values.Full_Name}
              onChange={(e) => set('Full_Name', e.target.value)} />
            {error('Full_Name')}
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-email`} className="form-label">Email address</label>
            <input id={`${id}-email`} className="form-control bg-body-tertiary" type="email" value={profile.Emailaddress} readOnly aria-describedby={`${id}-email-help`} />
            <div id={`${id}-email-help`} className="form-text">Your email is your login and cannot be changed.</div>
          </div>
          <div className="mb-3">
            <label htmlFor={`${id}-phone`} className="form-label">Phone number</label>
            <input id={`${id}-phone`} {...invalid('Phone_Number')} type="tel" inputMode="tel" autoComplete="tel" value={values.Phone_Number}
              placeholder="10-digit mobile number" onChange={(e) => set('Phone_Number', e.target.value)} />
            {error('Phone_Number')}
          </div>
          <div className="mb-4">
            <label htmlFor={`${id}-location`} className="form-label">Location</label>
            <select id={`${id}-location`} {...invalid('Location')} className={`form-select${errors.Location ? ' is-invalid' : ''}`}
              value={values.Location} onChange={(e) => set('Location', e.target.value)}>
              <option value="">Choose your city</option>
              {locations.map((city) => <option key={city} value={city}>{city}</option>)}
            </select>
            {error('Location')}
          </div>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </form>
      </div>
    </div>
  );
}
