import { useId, useState } from 'react';
import { PRIVATE_FILE_MAX_BYTES, PRIVATE_FILE_MSG, PRIVATE_FILE_TYPES } from '@nirmaan/shared/files';
import { VENDOR_DOCUMENT_KINDS, VENDOR_DOCUMENT_LABELS, type VendorDocument, type VendorDocumentKind } from '@nirmaan/shared/vendor-documents';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { uploadPrivateFile, useSaveVendorDocuments, useVendorDocuments } from '../api/kyc-documents.ts';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const Uploaded = ({ date }: { date: string }) => <Trans>uploaded {date}</Trans>;

/** One document: what is on file (a link only the vendor and our team can open), and a file picker to replace it. */
function DocumentRow({ kind, current }: { kind: VendorDocumentKind; current: VendorDocument | undefined }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveVendorDocuments();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  const dateLocale = useDateLocale();
  const label = portalTerm(i18n, VENDOR_DOCUMENT_LABELS[kind]);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PRIVATE_FILE_MAX_BYTES) return setState({ busy: false, error: portalTerm(i18n, PRIVATE_FILE_MSG.tooLarge) });
    setState({ busy: true, error: null });
    try {
      const uploaded = await uploadPrivateFile(file);
      await save.mutateAsync({ [kind]: uploaded.id });
      setState({ busy: false, error: null });
      toast(t`${label} uploaded. We will review it.`, 'success');
    } catch (err) {
      setState({ busy: false, error: failureText(err, t`Could not upload your ${label}. Please try again.`) });
    }
  };
  const remove = () => save.mutate({ [kind]: null }, {
    onError: (err) => toast(failureText(err, t`Could not remove your ${label}.`), 'danger'),
  });

  return (
    <li className="list-group-item" data-testid={`kyc-${kind}`}>
      <label htmlFor={id} className="form-label fw-semibold mb-1">{label}</label>
      {current && (
        <p className="small mb-2">
          <Trans>On file:</Trans> <a href={current.file.url} target="_blank" rel="noopener">{current.file.contentType === 'application/pdf' ? 'PDF' : t`Photo`}, {sizeText(current.file.size)}</a>
          {' '}· <Uploaded date={formatDate(current.updatedAt, dateLocale)} />
          <button type="button" className="btn btn-link btn-sm p-0 ms-2 align-baseline" onClick={remove} disabled={save.isPending}><Trans>Remove</Trans></button>
        </p>
      )}
      <input id={id} type="file" accept={PRIVATE_FILE_TYPES.join(',')} className={`form-control${state.error ? ' is-invalid' : ''}`}
        disabled={state.busy} onChange={(e) => void attach(e.target.files?.[0])} />
      {state.busy && <div className="form-text" role="status"><Trans>Uploading...</Trans></div>}
      {state.error && <div className="invalid-feedback d-block">{state.error}</div>}
    </li>
  );
}

/** KYC documents on the Payouts page: PAN card, GST certificate and cancelled cheque, private to the vendor and our team. */
export function KycDocuments() {
  const docs = useVendorDocuments();
  const { t } = useLingui();
  const failureText = useFailureText();
  return (
    <section className="card card-body mt-4" aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title" className="h5 mb-1"><Trans>KYC documents</Trans></h2>
      <p className="small text-body-secondary"><Trans>A photo or PDF of each, at most 5 MB. Only you and the Nirmaan team can open them.</Trans></p>
      {docs.isPending ? <Loading text={t`Loading your documents...`} />
        : docs.isError ? <ErrorState>{failureText(docs.error, t`Could not load your documents.`)}</ErrorState>
          : (
            <ul className="list-group list-group-flush">
              {VENDOR_DOCUMENT_KINDS.map((kind) => <DocumentRow key={kind} kind={kind} current={docs.data.documents.find((d) => d.kind === kind)} />)}
            </ul>
          )}
    </section>
  );
}
