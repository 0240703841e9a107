import { VENDOR_DOCUMENT_LABELS, type VendorDocument } from '@nirmaan/shared/vendor-documents';

/** A vendor's uploaded KYC documents in the approval queue: each opens (ops session) in a new tab. */
export function VendorDocumentLinks({ documents }: { documents: VendorDocument[] | undefined }) {
  if (!documents || documents.length === 0) return <p className="mb-1 small text-body-secondary">No KYC documents uploaded.</p>;
  return (
    <p className="mb-1 small" data-testid="ops-vendor-documents">
      Documents:{' '}
      {documents.map((d, i) => (
        <span key={d.kind}>
          {i > 0 && ' · '}
          <a href={d.file.url} target="_blank" rel="noopener">{VENDOR_DOCUMENT_LABELS[d.kind]}</a>
          {' '}<span className="text-body-secondary">({d.file.contentType === 'application/pdf' ? 'PDF' : 'photo'})</span>
        </span>
      ))}
    </p>
  );
}
