import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  PAYOUT_BUSINESS_TYPES, PAYOUT_BUSINESS_TYPE_LABELS, ZPayoutAccountBody, type PayoutAccount, type PayoutAccountInput, type PayoutAccountStatus,
} from '@nirmaan/shared/payouts';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText, fieldErrors } from '../../../lib/api.ts';
import { usePayoutAccount, useSavePayoutAccount } from '../api/payout-account.ts';
import { VendorInvoices } from '../components/vendor-invoices.tsx';
import { KycDocuments } from '../components/kyc-documents.tsx';

type Field = keyof PayoutAccountInput;

/** The linked account's status at the payment gateway, in words (docs/decisions/018-route-linked-accounts.md). */
const STATUS: Record<PayoutAccountStatus, { text: string; badge: string }> = {
  not_submitted: { text: 'Not submitted', badge: 'text-bg-secondary' },
  pending: { text: 'Submitted: sending to the payment gateway', badge: 'text-bg-warning' },
  under_review: { text: 'Under review by the payment gateway', badge: 'text-bg-warning' },
  activated: { text: 'Activated: payouts are sent to this account', badge: 'text-bg-success' },
  needs_clarification: { text: 'Needs clarification: please check your details and save again', badge: 'text-bg-danger' },
  suspended: { text: 'Suspended by the payment gateway: payouts are paused', badge: 'text-bg-danger' },
};

const initial = (a: PayoutAccount): Record<Field, string> => ({
  legalName: a.legalName ?? '', businessType: a.businessType ?? 'proprietorship', pan: a.pan ?? '', gstin: a.gstin ?? '',
  // The saved number never comes back: the vendor types it again to change anything.
  accountNumber: '', ifsc: a.ifsc ?? '', beneficiaryName: a.beneficiaryName ?? '',
});

function PayoutForm({ account }: { account: PayoutAccount }) {
  const id = useId();
  const toast = useToast();
  const save = useSavePayoutAccount();
  const [values, setValues] = useState(() => initial(account));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...values } as PayoutAccountInput;
    const parsed = ZPayoutAccountBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        setValues((v) => ({ ...v, accountNumber: '' }));
        toast('Payout account saved. It goes to the payment gateway for activation.', 'success');
      },
      onError: (err) => {
        setErrors(fieldErrors(err) as Partial<Record<Field, string>>);
        toast(failureText(err, 'Could not save your payout account. Please try again.'), 'danger');
      },
    });
  };

  const control = (name: Field, cls = 'form-control') => ({
    id: `${id}-${name}`, name, value: values[name],
    className: `${cls}${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (ev: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: ev.target.value })),
  });
  const field = (name: Field, label: string, input: ReactNode, col = 'col-md-6') => (
    <div className={col}>
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      {input}
      {errors[name] && <div id={`${id}-${name}-error`} className="invalid-feedback">{errors[name]}</div>}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="card card-body">
      <div className="row g-3">
        {field('legalName', 'Legal business name', <input {...control('legalName')} autoComplete="organization" />)}
        {field('businessType', 'Business type', (
          <select {...control('businessType', 'form-select')}>
            {PAYOUT_BUSINESS_TYPES.map((t) => <option key={t} value={t}>{PAYOUT_BUSINESS_TYPE_LABELS[t]}</option>)}
          </select>
        ))}
        {field('pan', 'PAN', <input {...control('pan')} autoCapitalize="characters" placeholder="ABCPE1234F" />)}
        {field('gstin', 'GSTIN (optional)', <input {...control('gstin')} autoCapitalize="characters" placeholder="36ABCPE1234F1ZC" />)}
        {field('accountNumber', account.accountNumberMasked ? `Bank account number (saved: ${account.accountNumberMasked})` : 'Bank account number',
          <input {...control('accountNumber')} inputMode="numeric" autoComplete="off" placeholder={account.accountNumberMasked ? 'Type it again to save changes' : ''} />)}
        {field('ifsc', 'IFSC', <input {...control('ifsc')} autoCapitalize="characters" placeholder="SBIN0001234" />)}
        {field('beneficiaryName', 'Beneficiary name (as the bank holds it)', <input {...control('beneficiaryName')} />, 'col-12')}
      </div>
      <div className="mt-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save payout account'}</button>
      </div>
    </form>
  );
}

/** Payouts (/vendor/payouts): where the vendor's money goes, and whether that account is active yet. */
export function Component() {
  const account = usePayoutAccount();
  return (
    <section className="container">
      <h1 className="h3 mb-1">Payouts</h1>
      <p className="text-body-secondary">Your bank account and tax details for receiving payments. Only you can see them; the account number is shown masked.</p>
      {account.isPending ? <Loading text="Loading your payout account..." />
        : account.isError ? <ErrorState>{failureText(account.error, 'Could not load your payout account.')}</ErrorState>
          : (
            <>
              <p>
                Status: <span className={`badge ${STATUS[account.data.status].badge}`} data-testid="payout-status">{STATUS[account.data.status].text}</span>
                {account.data.accountNumberMasked && <> · Account <span className="font-monospace" data-testid="payout-masked">{account.data.accountNumberMasked}</span></>}
              </p>
              {account.data.statusReason && <div className="alert alert-warning" role="status" data-testid="payout-status-reason">{account.data.statusReason}</div>}
              <PayoutForm key={account.data.updatedAt ?? 'new'} account={account.data} />
            </>
          )}
      {account.isSuccess ? <VendorInvoices /> : null}
      <KycDocuments />
    </section>
  );
}
