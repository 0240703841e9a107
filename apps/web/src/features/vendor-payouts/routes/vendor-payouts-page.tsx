import {
  PAYOUT_BUSINESS_TYPES, PAYOUT_BUSINESS_TYPE_LABELS, ZPayoutAccountBody, type PayoutAccount, type PayoutAccountInput, type PayoutAccountStatus,
} from '@nirmaan/shared/payouts';
import { Field, showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { usePayoutAccount, useSavePayoutAccount } from '../api/payout-account.ts';
import { VendorInvoices } from '../components/vendor-invoices.tsx';
import { KycDocuments } from '../components/kyc-documents.tsx';

/** The linked account's status at the payment gateway, in words (docs/decisions/018-route-linked-accounts.md). */
const STATUS: Record<PayoutAccountStatus, { text: MessageDescriptor; badge: string }> = {
  not_submitted: { text: msg`Not submitted`, badge: 'text-bg-secondary' },
  pending: { text: msg`Submitted: sending to the payment gateway`, badge: 'text-bg-warning' },
  under_review: { text: msg`Under review by the payment gateway`, badge: 'text-bg-warning' },
  activated: { text: msg`Activated: payouts are sent to this account`, badge: 'text-bg-success' },
  needs_clarification: { text: msg`Needs clarification: please check your details and save again`, badge: 'text-bg-danger' },
  suspended: { text: msg`Suspended by the payment gateway: payouts are paused`, badge: 'text-bg-danger' },
};

const initial = (a: PayoutAccount): PayoutAccountInput => ({
  legalName: a.legalName ?? '', businessType: a.businessType ?? 'proprietorship', pan: a.pan ?? '', gstin: a.gstin ?? '',
  // The saved number never comes back: the vendor types it again to change anything.
  accountNumber: '', ifsc: a.ifsc ?? '', beneficiaryName: a.beneficiaryName ?? '',
});

function PayoutForm({ account }: { account: PayoutAccount }) {
  const toast = useToast();
  const save = useSavePayoutAccount();
  const form = useZodForm(ZPayoutAccountBody, { defaultValues: initial(account) });
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  const masked = account.accountNumberMasked;

  // The values as typed go to the server, which checks and normalises them again.
  const submit = form.handleSubmit(() => save.mutate(form.getValues(), {
    onSuccess: () => {
      form.setValue('accountNumber', '');
      toast(t`Payout account saved. It goes to the payment gateway for activation.`, 'success');
    },
    onError: (err) => {
      showServerErrors(form, err);
      toast(failureText(err, t`Could not save your payout account. Please try again.`), 'danger');
    },
  }));

  return (
    <form onSubmit={submit} noValidate className="card card-body">
      <div className="row g-3">
        <Field form={form} name="legalName" label={t`Legal business name`} className="col-md-6" autoComplete="organization" />
        <Field form={form} name="businessType" label={t`Business type`} className="col-md-6" as="select">
          {PAYOUT_BUSINESS_TYPES.map((t) => <option key={t} value={t}>{portalTerm(i18n, PAYOUT_BUSINESS_TYPE_LABELS[t])}</option>)}
        </Field>
        <Field form={form} name="pan" label="PAN" className="col-md-6" autoCapitalize="characters" placeholder="ABCPE1234F" />
        <Field form={form} name="gstin" label={t`GSTIN (optional)`} className="col-md-6" autoCapitalize="characters" placeholder="36ABCPE1234F1ZC" />
        <Field form={form} name="accountNumber" className="col-md-6" inputMode="numeric" autoComplete="off"
          label={masked ? t`Bank account number (saved: ${masked})` : t`Bank account number`}
          placeholder={masked ? t`Type it again to save changes` : ''} />
        <Field form={form} name="ifsc" label="IFSC" className="col-md-6" autoCapitalize="characters" placeholder="SBIN0001234" />
        <Field form={form} name="beneficiaryName" label={t`Beneficiary name (as the bank holds it)`} className="col-12" />
      </div>
      <div className="mt-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? <Trans>Saving...</Trans> : <Trans>Save payout account</Trans>}</button>
      </div>
    </form>
  );
}

/** Payouts (/vendor/payouts): where the vendor's money goes, and whether that account is active yet. */
export function Component() {
  const account = usePayoutAccount();
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  return (
    <section className="container">
      <h1 className="h3 mb-1"><Trans>Payouts</Trans></h1>
      <p className="text-body-secondary"><Trans>Your bank account and tax details for receiving payments. Only you can see them; the account number is shown masked.</Trans></p>
      {account.isPending ? <Loading text={t`Loading your payout account...`} />
        : account.isError ? <ErrorState>{failureText(account.error, t`Could not load your payout account.`)}</ErrorState>
          : (
            <>
              <p>
                <Trans>Status:</Trans> <span className={`badge ${STATUS[account.data.status].badge}`} data-testid="payout-status">{i18n._(STATUS[account.data.status].text)}</span>
                {account.data.accountNumberMasked && <> · <Trans>Account</Trans> <span className="font-monospace" data-testid="payout-masked">{account.data.accountNumberMasked}</span></>}
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
