import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RFQ_CATEGORIES, RFQ_LIMITS } from '@nirmaan/shared/rfqs';
import { showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRememberedPincode } from '../../../lib/delivery.ts';
import { refusalText } from '../../../lib/refusal.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useCreateRfq } from '../api/rfqs.ts';
import { RfqFilePicker, type Attached } from '../components/rfq-file-picker.tsx';
import { RfqFields, ZRfqForm, emptyRequest, newItem } from '../components/rfq-form.tsx';

/**
 * /requests/new: "Get quotes for bulk" (issue 35). Opened from a category or product page or from the cart with
 * `?line=category|name` per item (bulk-link.tsx), so the first items are filled in; the request goes to the
 * nearest approved sellers of each material who deliver to the site, and its page shows their quotes.
 */
export function Component() {
  const { userId } = useStoredUser();
  const { pathname, search } = useLocation();
  const { t } = useLingui();
  if (!userId) {
    return (
      <div className="container py-5 text-center">
        <title>{t`Get quotes for bulk | Nirmaan`}</title>
        <p><Trans>Log in to ask sellers for quotes.</Trans></p>
        <Link to={`/login?next=${encodeURIComponent(pathname + search)}`} className="btn btn-primary"><Trans>Login</Trans></Link>
      </div>
    );
  }
  return <NewRequest />;
}

/** The items the link carries, one `line=category|name` each; a category no seller quotes in is left for the buyer to choose. */
export function itemsFromLink(params: URLSearchParams) {
  const known = (c: string) => (RFQ_CATEGORIES.includes(c) ? c : '');
  return params.getAll('line').slice(0, RFQ_LIMITS.itemsPerRequest).map((line) => {
    const [category = '', ...name] = line.split('|');
    return newItem(known(category), name.join('|').slice(0, 200));
  });
}

function NewRequest() {
  const [params] = useSearchParams();
  const [pincode] = useRememberedPincode();
  const form = useZodForm(ZRfqForm, { defaultValues: emptyRequest(itemsFromLink(params), '') });
  const create = useCreateRfq();
  const [files, setFiles] = useState<Attached[]>([]);
  const [uploading, setUploading] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const { t } = useLingui();
  const filled = useRef(false);
  useEffect(() => {
    // The pincode remembered on this device fills an empty field once, when it is read.
    if (!pincode || filled.current) return;
    filled.current = true;
    if (!form.getValues('pincode')) form.setValue('pincode', pincode);
  }, [pincode, form]);

  const fileIds = files.map((a) => a.file.id);
  const submit = form.handleSubmit((body) => create.mutate(fileIds.length > 0 ? { ...body, fileIds } : body, {
    onSuccess: (rfq) => {
      const sellers = rfq.sellerCount;
      toast(t`${plural(sellers, { one: 'Your request went to # seller.', other: 'Your request went to # sellers.' })} Their quotes appear on this page.`, 'success');
      navigate(`/requests/${rfq._id}`);
    },
    onError: (err) => {
      showServerErrors(form, err);
      toast(refusalText(err, t`Your request could not be sent. Please try again.`), 'danger');
    },
  }));

  return (
    <div className="container py-4">
      <title>{t`Get quotes for bulk | Nirmaan`}</title>
      <h1 className="h3 mb-1"><Trans>Get quotes for bulk</Trans></h1>
      <p className="text-body-secondary"><Trans>Nearby sellers quote a landed price: material with GST, freight and unloading to your site. Compare and accept one.</Trans></p>
      <form className="d-flex flex-column gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <RfqFields form={form} />
        <RfqFilePicker files={files} onChange={setFiles} onBusy={setUploading} />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={create.isPending || uploading}>{create.isPending ? <Trans>Sending...</Trans> : <Trans>Ask for quotes</Trans>}</button>
          <Link to="/requests" className="btn btn-link"><Trans>My requests</Trans></Link>
        </div>
      </form>
    </div>
  );
}
