import { useId, useState, type FormEvent } from 'react';
import { CHARGE_TYPES, CITIES } from '@nirmaan/shared/constants';
import { ZVendorProfileBody, categoriesFor, type VendorOwnProfile, type VendorProfileBody } from '@nirmaan/shared/vendor-account';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useOwnProfile, useSaveProfile } from '../api/vendor-profile.ts';

type Text = 'Business_Name' | 'Owner_name' | 'Business_Description' | 'Business_address' | 'City' | 'Category' | 'Sub_Category' | 'Charge_Per_Hour_or_Day' | 'Charge_Type';

const initial = (p: VendorOwnProfile): Record<Text, string> => ({
  Business_Name: p.Business_Name, Owner_name: p.Owner_name, Business_Description: p.Business_Description, Business_address: p.Business_address,
  City: p.City, Category: p.Category, Sub_Category: p.Sub_Category.join(', '),
  Charge_Per_Hour_or_Day: p.Charge_Per_Hour_or_Day === null ? '' : String(p.Charge_Per_Hour_or_Day), Charge_Type: p.Charge_Type ?? 'Per Visit',
});

function ProfileForm({ profile }: { profile: VendorOwnProfile }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveProfile();
  const [values, setValues] = useState(() => initial(profile));
  const [image, setImage] = useState(profile.Profile_Image);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const professional = profile.Kind === 'professional';

  const body = (): VendorProfileBody => ({
    Business_Name: values.Business_Name, Owner_name: values.Owner_name, Business_Description: values.Business_Description,
    Business_address: values.Business_address, City: values.City as VendorProfileBody['City'], Profile_Image: image, Category: values.Category,
    Sub_Category: values.Sub_Category.split(',').map((s) => s.trim()).filter(Boolean),
    ...(professional ? { Charge_Per_Hour_or_Day: values.Charge_Per_Hour_or_Day === '' ? null : Number(values.Charge_Per_Hour_or_Day), Charge_Type: values.Charge_Type as VendorProfileBody['Charge_Type'] } : {}),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    const parsed = ZVendorProfileBody.safeParse(b);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0]), message: issue.message });
      toast(issue.message, 'danger');
      return;
    }
    if (professional && (b.Charge_Per_Hour_or_Day == null)) {
      setError({ field: 'Charge_Per_Hour_or_Day', message: 'Please enter your charge in rupees.' });
      toast('Please enter your charge in rupees.', 'danger');
      return;
    }
    setError(null);
    save.mutate(b, {
      onSuccess: () => toast('Profile saved.', 'success'),
      onError: (err) => toast(failureText(err, 'Could not save your profile. Please try again.'), 'danger'),
    });
  };

  const input = (name: Text) => ({
    id: `${id}-${name}`,
    value: values[name],
    className: `form-control${error?.field === name ? ' is-invalid' : ''}`,
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: ev.target.value })),
  });
  const label = (name: Text, text: string) => <label htmlFor={`${id}-${name}`} className="form-label">{text}</label>;
  const select = (name: Text) => ({ ...input(name), className: 'form-select' });

  return (
    <form onSubmit={submit} noValidate className="card card-body">
      <div className="row g-3">
        <div className="col-md-6">{label('Business_Name', 'Business name')}<input {...input('Business_Name')} /></div>
        <div className="col-md-6">{label('Owner_name', 'Owner name')}<input {...input('Owner_name')} /></div>
        <div className="col-12">{label('Business_Description', 'About your business')}<textarea {...input('Business_Description')} rows={4} /></div>
        <div className="col-md-8">{label('Business_address', 'Business address')}<input {...input('Business_address')} /></div>
        <div className="col-md-4">
          {label('City', 'City')}
          <select {...select('City')}>{CITIES.map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </div>
        <div className="col-md-6">
          {label('Category', professional ? 'Trade' : 'Material category')}
          <select {...select('Category')}>{categoriesFor(profile.Kind).map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </div>
        <div className="col-md-6">
          {label('Sub_Category', 'Sub-categories')}
          <input {...input('Sub_Category')} aria-describedby={`${id}-sub-help`} />
          <div id={`${id}-sub-help`} className="form-text">Separate them with commas, e.g. Leak repair, Bathroom fittings.</div>
        </div>
        {professional && (
          <>
            <div className="col-md-6">{label('Charge_Per_Hour_or_Day', 'Charge (₹)')}<input {...input('Charge_Per_Hour_or_Day')} type="number" inputMode="numeric" min={50} step={1} /></div>
            <div className="col-md-6">
              {label('Charge_Type', 'Charged')}
              <select {...select('Charge_Type')}>{CHARGE_TYPES.map((c) => <option key={c} value={c}>{c}</option>)}</select>
            </div>
          </>
        )}
        <div className="col-12">
          <ImageUpload label="Profile image" value={image} onChange={setImage} onRemove={() => setImage(null)} />
        </div>
      </div>
      {error && <div className="alert alert-danger" role="alert">{error.message}</div>}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save profile'}</button>
      </div>
    </form>
  );
}

/** The store profile (/vendor/profile): what customers see on the vendor's page and store. */
export function Component() {
  const profile = useOwnProfile();
  return (
    <section className="container">
      <h1 className="h3 mb-1">Profile</h1>
      <p className="text-body-secondary">Customers see this on your profile page and store.</p>
      {profile.isPending ? <Loading text="Loading your profile..." />
        : profile.isError ? <ErrorState>{failureText(profile.error, 'Could not load your profile.')}</ErrorState>
          : <ProfileForm profile={profile.data} />}
    </section>
  );
}
