import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLingui } from '@lingui/react';
import { ApiError } from '../../lib/api.ts';
import { term } from '../../lib/terms.ts';

/**
 * Forms through react-hook-form, checked with the same zod schemas the server uses (docs/decisions/024).
 * This module is imported only by pages that hold a form, so the library loads with their routes.
 */

/** A form over `schema`: its input type is the fields' values, its output what `handleSubmit` hands on. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  // Checked on submit only; a field's message goes as soon as the field changes (see Field), as before.
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ mode: 'onSubmit', reValidateMode: 'onSubmit', ...options, resolver: zodResolver(schema) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form: a field only reads and registers by name
export type AnyForm<Values extends FieldValues> = UseFormReturn<Values, any, any>;

/** The message shown under `name`, if any. */
export function errorOf<Values extends FieldValues>(form: AnyForm<Values>, name: FieldPath<Values>): string | undefined {
  const error = form.getFieldState(name, form.formState).error;
  return typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
}

/**
 * Puts a refused call's messages beside the fields they name: a 4xx answer's `issues` (`body.Field`, or the last
 * part of a deeper path such as `body.orders.0.phone`) and its `field`, renamed through `fieldOf` where the form
 * calls a field otherwise. Returns true when some field took a message; otherwise the caller shows `err` itself.
 */
export function showServerErrors<Values extends FieldValues>(
  form: AnyForm<Values>,
  err: unknown,
  fieldOf: Partial<Record<string, FieldPath<Values>>> = {},
): boolean {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return false;
  const known = new Set(Object.keys(form.getValues()));
  const target = (name: string | undefined) => {
    if (!name) return undefined;
    const field = fieldOf[name] ?? name;
    return known.has(field) ? (field as FieldPath<Values>) : undefined;
  };
  // The server's first message per field, in place of what the field showed before.
  const shown = new Set<string>();
  const show = (name: FieldPath<Values> | undefined, message: string) => {
    if (!name || shown.has(name)) return;
    form.setError(name, { type: 'server', message });
    shown.add(name);
  };
  for (const issue of err.issues ?? []) {
    const parts = issue.path.split('.');
    if (parts[0] === 'body') show(target(parts[1]) ?? target(parts.at(-1)), issue.message);
  }
  show(target(err.field), err.message);
  return shown.size > 0;
}

type ControlProps = { id: string; className: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * The props that bind a control to `name`: registered with the form, its message cleared when it changes,
 * marked invalid and described by its message while it has one.
 */
export function useControl<Values extends FieldValues>(
  form: AnyForm<Values>,
  name: FieldPath<Values>,
  base = 'form-control',
  onChange?: (event: { target: { value: string } }) => void,
) {
  const id = `${useId()}-${name}`;
  const error = errorOf(form, name);
  const registered = form.register(name, {
    onChange: (event: { target: { value: string } }) => {
      form.clearErrors(name);
      onChange?.(event);
    },
  });
  const props: ControlProps = {
    id,
    className: `${base}${error ? ' is-invalid' : ''}`,
    ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
  };
  return { props: { ...registered, ...props }, error, errorId: `${id}-error` };
}

/** A field's message; one of the shared schemas' (checked here before the server) in the page's language. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { i18n } = useLingui();
  return message ? <div id={id} className="invalid-feedback d-block">{term(i18n, message)}</div> : null;
}

interface Common<Values extends FieldValues> {
  form: AnyForm<Values>;
  name: FieldPath<Values>;
  label: ReactNode;
  /** The wrapper's class: the column or margin the field takes in its form. */
  className?: string;
  /** Classes the control carries besides its own (`bg-body-tertiary` for a read-only one). */
  controlClass?: string;
}
type Control =
  | ({ as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>)
  | ({ as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'>)
  | ({ as: 'select'; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'form'>);

/** A labelled input, textarea or select bound to one form field, with its message underneath. */
export function Field<Values extends FieldValues>(props: Common<Values> & Control) {
  const { form, name, label, className, controlClass, onChange, ...control } = props;
  const base = control.as === 'select' ? 'form-select' : 'form-control';
  const { props: controlled, error, errorId } = useControl(form, name, base, onChange as ((event: { target: { value: string } }) => void) | undefined);
  const bound = controlClass ? { ...controlled, className: `${controlled.className} ${controlClass}` } : controlled;
  let element: ReactNode;
  if (control.as === 'select') {
    const { as: _as, children, ...rest } = control;
    element = <select {...rest} {...bound}>{children}</select>;
  } else if (control.as === 'textarea') {
    const { as: _as, ...rest } = control;
    element = <textarea {...rest} {...bound} />;
  } else {
    const { as: _as, ...rest } = control;
    element = <input {...rest} {...bound} />;
  }
  return (
    <div className={className}>
      <label htmlFor={bound.id} className="form-label">{label}</label>
      {element}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
