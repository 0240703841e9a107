import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CHARGE_TYPES, CITIES } from '@nirmaan/shared/constants';
import { AUTH_MSG } from '@nirmaan/shared/messages';
import { ZVendorSignupBody, categoriesFor } from '@nirmaan/shared/vendor-account';
import type { VendorKind } from '@nirmaan/shared/vendor-auth';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useBusy } from '../../../lib/use-busy.ts';
import { verifyOtp } from '../api/vendor-auth.ts';
import { sendVendorSignupOtp, signUpVendor } from '../api/vendor-signup.ts';

type OtpStage = 'not-sent' | 'sent' | 'verified';
type Field = 'Business_Name' | 'Owner_name' | 'email' | 'phone' | 'password' | 'confirm' | 'kind' | 'Category' | 'city' | 'Business_address'
  | 'Charge_Per_Hour_or_Day' | 'Charge_Type';
const EMPTY: Record<Field, string> = {
  Business_Name: '', Owner_name: '', email: '', phone: '', password: '', confirm: '', kind: 'seller', Category: '', city: '',
  Business_address: '', Charge_Per_Hour_or_Day: '', Charge_Type: 'Per Visit',
};

/** The form's values as the signup call takes them (a seller sends no charge). */
function toBody(v: Record<Field, string>) {
  const professional = v.kind === 'professional';
  return {
    Business_Name: v.Business_Name, Owner_name: v.Owner_name, email: v.email.trim(), phone: v.phone, password: v.password,
    kind: v.kind as VendorKind, Category: v.Category, city: v.city as (typeof CITIES)[number], Business_address: v.Business_address,
    ...(professional ? { Charge_Per_Hour_or_Day: v.Charge_Per_Hour_or_Day === '' ? undefined : Number(v.Charge_Per_Hour_or_Day), Charge_Type: v.Charge_Type as (typeof CHARGE_TYPES)[number] } : {}),
  };
}

/** First error per field, from the schema the server checks with. */
function fieldErrors(v: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const parsed = ZVendorSignupBody.safeParse(toBody(v));
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  if (v.confirm !== v.password) errors.confirm = AUTH_MSG.passwordsDoNotMatch;
  return errors;
}

/**
 * Vendor signup (/vendor/signup): the email verified by code first, then the business. The account waits for
 * approval; the vendor goes to the login, which says so.
 */
export function Component() {
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [stage, setStage] = useState<OtpStage>('not-sent');
  const [otp, setOtp] = useState('');
  const [busy, run] = useBusy<'send' | 'verify' | 'create'>();
  const email = values.email.trim();
  const verified = stage === 'verified';
  const professional = values.kind === 'professional';

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'kind' ? { Category: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'email' && stage !== 'not-sent') {
      setStage('not-sent');
      setOtp('');
    }
  };

  const send = () => {
    if (!email) {
      toast(AUTH_MSG.enterEmailFirst, 'warning');
      return;
    }
    void run('send', async () => {
      try {
        await sendVendorSignupOtp(email);
        setStage('sent');
        setOtp('');
        toast(AUTH_MSG.otpSent, 'success');
      } catch (err) {
        toast(failureText(err, AUTH_MSG.signupFailedToSendOtp), 'danger');
      }
    });
  };

  const verify = () => {
    if (!otp) {
      toast(AUTH_MSG.enterTheOtp, 'warning');
      return;
    }
    void run('verify', async () => {
      try {
        await verifyOtp(email, otp);
        setStage('verified');
        toast(AUTH_MSG.signupOtpVerified, 'success');
      } catch (err) {
        toast(failureText(err, AUTH_MSG.invalidOtp), 'danger');
      }
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!verified) {
      toast(AUTH_MSG.verifyEmailFirst, 'warning');
      return;
    }
    const found = fieldErrors(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      toast(Object.values(found)[0]!, 'danger');
      return;
    }
    void run('create', async () => {
      try {
        const res = await signUpVendor(toBody(values));
        navigate('/vendor/login', { replace: true, state: { signedUp: res.message } });
      } catch (err) {
        toast(failureText(err, AUTH_MSG.failedToCreateAccount), 'danger');
      }
    });
  };

  const input = (name: Field) => ({
    id: `${id}-${name}`,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (ev: { target: { value: string } }) => set(name, ev.target.value),
  });
  const select = (name: Field) => ({ ...input(name), className: `form-select${errors[name] ? ' is-invalid' : ''}` });
  const error = (name: Field) => (errors[name] ? <div id={`${id}-${name}-error`} className="invalid-feedback d-block">{errors[name]}</div> : null);
  const label = (name: Field, text: string) => <label htmlFor={`${id}-${name}`} className="form-label">{text}</label>;

  return (
    <AuthLayout title="Sell or work on Nirmaan" lead="Create your vendor account: verify your email, then tell customers about your business">
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          {label('email', 'Business email')}
          <div className="input-group">
            <input {...input('email')} type="email" autoComplete="email" readOnly={verified} />
            {verified ? <span className="input-group-text text-success">Verified</span> : (
              <button type="button" className="btn btn-outline-primary" onClick={send} disabled={busy !== null}>
                {busy === 'send' ? 'Sending...' : stage === 'sent' ? 'Resend OTP' : 'Send OTP'}
              </button>
            )}
          </div>
          {error('email')}
        </div>
        {stage === 'sent' && <OtpInput value={otp} onChange={setOtp} onVerify={verify} busy={busy === 'verify'} disabled={busy !== null} />}

        <fieldset disabled={!verified}>
          <legend className="visually-hidden">Your business</legend>
          <div className="mb-3">{label('Business_Name', 'Business name')}<input {...input('Business_Name')} autoComplete="organization" />{error('Business_Name')}</div>
          <div className="mb-3">{label('Owner_name', 'Owner name')}<input {...input('Owner_name')} autoComplete="name" />{error('Owner_name')}</div>
          <div className="mb-3">{label('phone', 'Phone number')}<input {...input('phone')} type="tel" inputMode="tel" autoComplete="tel" placeholder="10-digit mobile number" />{error('phone')}</div>
          <div className="row g-3 mb-3">
            <div className="col-sm-6">{label('password', 'Password')}<input {...input('password')} type="password" autoComplete="new-password" />{error('password')}</div>
            <div className="col-sm-6">{label('confirm', 'Confirm password')}<input {...input('confirm')} type="password" autoComplete="new-password" />{error('confirm')}</div>
          </div>
          <div className="row g-3 mb-3">
            <div className="col-sm-6">
              {label('kind', 'What you offer')}
              <select {...select('kind')}>
                <option value="seller">I sell materials</option>
                <option value="professional">I offer a service</option>
              </select>
            </div>
            <div className="col-sm-6">
              {label('Category', professional ? 'Trade' : 'Material category')}
              <select {...select('Category')}>
                <option value="">Choose…</option>
                {categoriesFor(values.kind as VendorKind).map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
              {error('Category')}
            </div>
          </div>
          {professional && (
            <div className="row g-3 mb-3">
              <div className="col-sm-6">{label('Charge_Per_Hour_or_Day', 'Charge (₹)')}<input {...input('Charge_Per_Hour_or_Day')} type="number" inputMode="numeric" min={50} step={1} />{error('Charge_Per_Hour_or_Day')}</div>
              <div className="col-sm-6">
                {label('Charge_Type', 'Charged')}
                <select {...select('Charge_Type')}>{CHARGE_TYPES.map((c) => <option key={c} value={c}>{c}</option>)}</select>
              </div>
            </div>
          )}
          <div className="mb-3">
            {label('city', 'City')}
            <select {...select('city')}>
              <option value="">Choose…</option>
              {CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
            {error('city')}
          </div>
          <div className="mb-3">{label('Business_address', 'Business address')}<textarea {...input('Business_address')} rows={2} autoComplete="street-address" />{error('Business_address')}</div>
        </fieldset>

        <button type="submit" className="btn btn-primary w-100" disabled={busy !== null || !verified}>
          {busy === 'create' ? 'Creating...' : 'Create vendor account'}
        </button>
      </form>
      <p className="text-center mt-4 mb-0 small text-body-secondary">Already a vendor? <Link to="/vendor/login">Vendor login</Link></p>
    </AuthLayout>
  );
}
