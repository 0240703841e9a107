import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RFQ_LIMITS, type Rfq } from '@nirmaan/shared/rfqs';
import { isPhoto } from '../../../components/rfq-files.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useAddRfqFiles } from '../api/rfqs.ts';
import { RfqFilePicker, type Attached } from './rfq-file-picker.tsx';

/**
 * Add files: a bill of quantities or photos the buyer forgot, added to its request while it collects quotes
 * (decision record 050), with the request form's picker; the files already on the request count toward its limits.
 */
export function AddRfqFiles({ rfq }: { rfq: Rfq }) {
  const { t } = useLingui();
  const toast = useToast();
  const add = useAddRfqFiles();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<Attached[]>([]);
  const [uploading, setUploading] = useState(false);
  const already = rfq.files ?? [];
  const photos = already.filter((f) => isPhoto(f.contentType)).length;
  if (!rfq.collecting || (photos >= RFQ_LIMITS.photosPerRequest && already.length - photos >= RFQ_LIMITS.boqPerRequest)) return null;

  if (!open) {
    return <div><button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(true)}><Trans>Add files</Trans></button></div>;
  }
  const close = () => {
    setFiles([]);
    setOpen(false);
  };
  const send = () => add.mutate({ rfqId: rfq._id, body: { fileIds: files.map((a) => a.file.id) } }, {
    onSuccess: () => {
      toast(t`Files added. The sellers your request went to can open them now.`, 'success');
      close();
    },
  });
  return (
    <div className="d-flex flex-column gap-2">
      <RfqFilePicker files={files} onChange={setFiles} onBusy={setUploading} already={already} />
      {add.isError ? <div className="alert alert-danger small py-2 mb-0" role="alert">{failureText(add.error, t`The files could not be added. Please try again.`)}</div> : null}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={files.length === 0 || uploading || add.isPending} onClick={send}>
          {add.isPending ? <Trans>Adding...</Trans> : <Trans>Add to my request</Trans>}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={close}><Trans>Cancel</Trans></button>
      </div>
    </div>
  );
}
