import { z } from 'zod';
import { CHARGE_TYPES, CITIES } from '@nirmaan/shared/constants';
import { ZVendorProfileBody, categoriesFor, type VendorOwnProfile, type VendorProfileBody } from '@nirmaan/shared/vendor-account';
import { Field, FieldError, showServerErrors, useControl, useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { WhatsAppSetting } from '../../../components/whatsapp-setting.tsx';
import { useOwnProfile, useSaveProfile } from '../api/vendor-profile.ts';

/** What the form holds (text boxes hold text), turned into the profile body and checked with the server's schema. */
const formSchema = (professional: boolean, chargeNeeded: string) => z.object({
  Business_Name: z.string(), Owner_name: z.string(), Business_Description: z.string(), Business_address: z.string(), City: z.string(),
  Category: z.string(), Sub_Category: z.string(), Charge_Per_Hour_or_Day: z.string(), Charge_Type: z.string(), Profile_Image: z.string().nullable(),
}).transform(({ Sub_Category, Charge_Per_Hour_or_Day: charge, Charge_Type, ...v }) => ({
  ...v,
  City: v.City as VendorProfileBody['City'],
  Sub_Category: Sub_Category.split(',').map((s) => s.trim()).filter(Boolean),
  ...(professional ? { Charge_Per_Hour_or_Day: charge === '' ? null : Number(charge), Charge_Type: Charge_Type as VendorProfileBody['Charge_Type'] } : {}),
})).pipe(ZVendorProfileBody.refine((b) => !professional || b.Charge_Per_Hour_or_Day != null, {
  path: ['Charge_Per_Hour_or_Day'], message: chargeNeeded,
}));
type Values = z.input<ReturnType<typeof formSchema>>;

const initial = (p: VendorOwnProfile): Values => ({
  Business_Name: p.Business_Name, Owner_name: p.Owner_name, Business_Description: p.Business_Description, Business_address: p.Business_address,
  City: p.City, Category: p.Category, Sub_Category: p.Sub_Category.join(', '),
  Charge_Per_Hour_or_Day: p.Charge_Per_Hour_or_Day === null ? '' : String(p.Charge_Per_Hour_or_Day), Charge_Type: p.Charge_Type ?? 'Per Visit',
  Profile_Image: p.Profile_Image,
});

function ProfileForm({ profile }: { profile: VendorOwnProfile }) {
  const toast = useToast();
  const save = useSaveProfile();
  const professional = profile.Kind === 'professional';
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  const form = useZodForm(formSchema(professional, t`Please enter your charge in rupees.`), { defaultValues: initial(profile) });
  const image = form.watch('Profile_Image');

  const submit = form.handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: () => toast(t`Profile saved.`, 'success'),
      onError: (err) => {
        if (!showServerErrors(form, err)) toast(failureText(err, t`Could not save your profile. Please try again.`), 'danger');
      },
    });
  }, (errors) => toast(Object.values(errors).find((e) => e?.message)?.message as string, 'danger'));

  return (
    <form onSubmit={submit} noValidate className="card card-body">
      <div className="row g-3">
        <Field form={form} name="Business_Name" label={t`Business name`} className="col-md-6" />
        <Field form={form} name="Owner_name" label={t`Owner name`} className="col-md-6" />
        <Field form={form} name="Business_Description" label={t`About your business`} className="col-12" as="textarea" rows={4} />
        <Field form={form} name="Business_address" label={t`Business address`} className="col-md-8" />
        <Field form={form} name="City" label={t`City`} className="col-md-4" as="select">{CITIES.map((c) => <option key={c} value={c}>{c}</option>)}</Field>
        <Field form={form} name="Category" label={professional ? t`Trade` : t`Material category`} className="col-md-6" as="select">
          {categoriesFor(profile.Kind).map((c) => <option key={c} value={c}>{portalTerm(i18n, c)}</option>)}
        </Field>
        <SubCategories form={form} />
        {professional && (
          <>
            <Field form={form} name="Charge_Per_Hour_or_Day" label={t`Charge (₹)`} className="col-md-6" type="number" inputMode="numeric" min={50} step={1} />
            <Field form={form} name="Charge_Type" label={t`Charged`} className="col-md-6" as="select">
              {CHARGE_TYPES.map((c) => <option key={c} value={c}>{portalTerm(i18n, c)}</option>)}
            </Field>
          </>
        )}
        <div className="col-12">
          <ImageUpload label={t`Profile image`} value={image} onChange={(url) => form.setValue('Profile_Image', url)}
            onRemove={() => form.setValue('Profile_Image', null)} />
        </div>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? <Trans>Saving...</Trans> : <Trans>Save profile</Trans>}</button>
      </div>
    </form>
  );
}

function SubCategories({ form }: { form: AnyForm<Values> }) {
  const { props, error, errorId } = useControl(form, 'Sub_Category');
  const helpId = `${props.id}-help`;
  return (
    <div className="col-md-6">
      <label htmlFor={props.id} className="form-label"><Trans>Sub-categories</Trans></label>
      <input {...props} aria-describedby={[helpId, props['aria-describedby']].filter(Boolean).join(' ')} />
      <div id={helpId} className="form-text"><Trans>Separate them with commas, e.g. Leak repair, Bathroom fittings.</Trans></div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The store profile (/vendor/profile): what customers see on the vendor's page and store. */
export function Component() {
  const profile = useOwnProfile();
  const { t } = useLingui();
  const failureText = useFailureText();
  return (
    <section className="container">
      <h1 className="h3 mb-1"><Trans>Profile</Trans></h1>
      <p className="text-body-secondary"><Trans>Customers see this on your profile page and store.</Trans></p>
      {profile.isPending ? <Loading text={t`Loading your profile...`} />
        : profile.isError ? <ErrorState>{failureText(profile.error, t`Could not load your profile.`)}</ErrorState>
          : <><ProfileForm profile={profile.data} /><WhatsAppSetting path="/api/vendor/whatsapp" /></>}
    </section>
  );
}
