import { useId, useState } from 'react';
import { z } from 'zod';
import { ZVendorProjectBody, type VendorProject, type VendorProjectBody } from '@nirmaan/shared/vendor-account';
import { useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFailureText } from '../../../lib/portal-words.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { useDeleteProject, useOwnProjects, useSaveProject } from '../api/vendor-projects.ts';

/** What the form holds, turned into the project body and checked with the server's schema. */
const projectForm = (photoNeeded: string) => z.object({ title: z.string(), category: z.string(), description: z.string(), date: z.string(), image: z.string().nullable() })
  .refine((d) => d.image !== null, { path: ['image'], message: photoNeeded })
  .transform((d): VendorProjectBody => ({ ...d, image: d.image ?? '', date: d.date || null }))
  .pipe(ZVendorProjectBody);
type Draft = z.input<ReturnType<typeof projectForm>>;
const BLANK: Draft = { title: '', category: '', description: '', date: '', image: null };
const draftOf = (p: VendorProject): Draft => ({ title: p.title, category: p.category, description: p.description, date: p.date ?? '', image: p.image });

/** The one message the form shows: a missing photo first, then the schema's first complaint, then the server's. */
function firstError(form: AnyForm<Draft>): string | null {
  const { errors } = form.formState;
  return errors.image?.message ?? errors.root?.message ?? Object.values(errors).find((e) => e?.message)?.message ?? null;
}

/** Adds a project, or changes the one being edited. */
function ProjectForm({ editing, onDone }: { editing: VendorProject | null; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveProject();
  const { t } = useLingui();
  const failureText = useFailureText();
  const form = useZodForm(projectForm(t`Please upload a photo of the project.`), { defaultValues: editing ? draftOf(editing) : BLANK });
  const editingTitle = editing?.title;
  const error = firstError(form);

  const submit = form.handleSubmit((body) => {
    save.mutate({ ...(editing ? { id: editing._id } : {}), body }, {
      onSuccess: () => {
        toast(editing ? t`Project saved.` : t`Project added.`, 'success');
        onDone();
      },
      onError: (err) => form.setError('root', { message: failureText(err, t`Could not save the project. Please try again.`) }),
    });
  });

  const input = (name: 'title' | 'category' | 'description' | 'date') => ({ id: `${id}-${name}`, className: 'form-control', ...form.register(name) });

  return (
    <form onSubmit={submit} noValidate className="card card-body mb-4" aria-label={editing ? t`Edit project` : t`Add a project`}>
      <h2 className="h5">{editing ? t`Edit “${editingTitle}”` : t`Add a project`}</h2>
      <div className="row g-3">
        <div className="col-md-6"><label htmlFor={`${id}-title`} className="form-label"><Trans>Title</Trans></label><input {...input('title')} /></div>
        <div className="col-md-3"><label htmlFor={`${id}-category`} className="form-label"><Trans>Category</Trans></label><input {...input('category')} /></div>
        <div className="col-md-3"><label htmlFor={`${id}-date`} className="form-label"><Trans>Date</Trans></label><input {...input('date')} type="date" /></div>
        <div className="col-12"><label htmlFor={`${id}-description`} className="form-label"><Trans>Description</Trans></label><textarea {...input('description')} rows={3} /></div>
        <div className="col-12"><ImageUpload label={t`Photo`} value={form.watch('image')} onChange={(url) => form.setValue('image', url)} /></div>
      </div>
      {error && <div className="alert alert-danger" role="alert">{error}</div>}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? t`Saving...` : editing ? t`Save project` : t`Add project`}</button>
        {editing && <button type="button" className="btn btn-outline-secondary" onClick={onDone}><Trans>Cancel</Trans></button>}
      </div>
    </form>
  );
}

const NoLongerShown = ({ title }: { title: string }) => <Trans>“{title}” will no longer show on your profile.</Trans>;

/** The projects portfolio (/vendor/projects): shown under Recent Projects on the public profile. */
export function Component() {
  const projects = useOwnProjects();
  const remove = useDeleteProject();
  const toast = useToast();
  const [editing, setEditing] = useState<VendorProject | null>(null);
  const [deleting, setDeleting] = useState<VendorProject | null>(null);
  // A fresh form after each save: its file input cannot be cleared any other way.
  const [round, setRound] = useState(0);
  const { t } = useLingui();
  const failureText = useFailureText();
  const dateLocale = useDateLocale();
  const formDone = () => {
    setEditing(null);
    setRound((r) => r + 1);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => toast(t`Project deleted.`, 'success'),
      onError: (err) => toast(failureText(err, t`Could not delete the project.`), 'danger'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Projects</Trans></h1>
      <ProjectForm key={editing?._id ?? `new-${round}`} editing={editing} onDone={formDone} />
      {projects.isPending ? <Loading text={t`Loading projects...`} />
        : projects.isError ? <ErrorState>{failureText(projects.error, t`Could not load your projects.`)}</ErrorState>
          : projects.data.length === 0 ? <EmptyState><Trans>No projects yet. Add your best work: customers see it on your profile.</Trans></EmptyState>
            : (
              <div className="row g-3">
                {projects.data.map((p) => (
                  <div className="col-md-6 col-lg-4" key={p._id}>
                    <article className="card h-100" data-testid="vendor-project">
                      <div className="ratio ratio-16x9">
                        <img src={p.image} alt="" className="card-img-top object-fit-cover" loading="lazy" width="480" height="270" />
                      </div>
                      <div className="card-body">
                        <h2 className="h6 mb-1">{p.title}</h2>
                        <p className="small text-body-secondary mb-2">{p.category} · {formatDate(p.createdAt, dateLocale)}</p>
                        <p className="small mb-0">{p.description}</p>
                      </div>
                      <div className="card-footer d-flex gap-2">
                        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setEditing(p)}><Trans>Edit</Trans></button>
                        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(p)}><Trans>Delete</Trans></button>
                      </div>
                    </article>
                  </div>
                ))}
              </div>
            )}
      {deleting && (
        <ConfirmDialog title={t`Delete this project?`} keepLabel={t`Keep it`} confirmLabel={t`Delete`} busyLabel={t`Deleting...`} busy={remove.isPending}
          onKeep={() => setDeleting(null)} onConfirm={confirmDelete}>
          <NoLongerShown title={deleting.title} />
        </ConfirmDialog>
      )}
    </section>
  );
}
