import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared/catalogue';
import { CITIES } from '@nirmaan/shared/constants';
import { allowedTaxClasses } from '@nirmaan/shared/gst';
import { PRODUCT_IMAGES_MAX, ZVendorProductBody, type VendorProduct, type VendorProductBody } from '@nirmaan/shared/vendor-products';
import { Field, FieldError, errorOf, showServerErrors, useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { uploadImage } from '../api/vendor-products.ts';
import { QuantityBreaksField, breaksOf, rowsOf } from './quantity-breaks-field.tsx';

/** A typed number, or undefined for an empty box (the schema then says what is missing). */
const numberOf = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The chosen HSN with its rate in the category; none chosen (no category yet), the category's default. */
function taxOf(category: string, hsn: string) {
  const chosen = allowedTaxClasses(category).find((t) => t.code === hsn);
  return hsn === '' ? {} : { ProductHsn: hsn, ...(chosen ? { ProductGstRate: chosen.ratePercent } : {}) };
}

/** What the form holds (text boxes hold text), as the API's body: numbers as numbers, an empty MRP or tag as none. */
const ZProductForm = z.object({
  ProductName: z.string(), ProductCategory: z.string(), ProductBrand: z.string(), ProductPrice: z.string(), ProductMrp: z.string(),
  ProductUnit: z.string(), Stock: z.string(), ProductLocation: z.string(), ProductDescription: z.string(), Tag: z.string(),
  ProductHsn: z.string(), ProductUrl: z.array(z.string()), ProductWeightKg: z.string(), ProductVolumeM3: z.string(),
  QuantityBreaks: z.array(z.object({ minQuantity: z.string(), price: z.string() })),
}).transform(({ ProductHsn, ...v }) => ({
  ...v, ProductPrice: numberOf(v.ProductPrice), ProductMrp: numberOf(v.ProductMrp) ?? null, Stock: numberOf(v.Stock),
  ProductWeightKg: numberOf(v.ProductWeightKg) ?? null, ProductVolumeM3: numberOf(v.ProductVolumeM3) ?? null,
  Tag: v.Tag.trim() === '' ? null : v.Tag, ...taxOf(v.ProductCategory, ProductHsn), QuantityBreaks: breaksOf(v.QuantityBreaks),
}) as VendorProductBody).pipe(ZVendorProductBody);
type Values = z.input<typeof ZProductForm>;
export type ProductFormValues = Values;

const EMPTY: Values = {
  ProductName: '', ProductCategory: '', ProductBrand: '', ProductPrice: '', ProductMrp: '', ProductUnit: '', Stock: '',
  ProductLocation: '', ProductDescription: '', Tag: '', ProductHsn: '', ProductUrl: [], ProductWeightKg: '', ProductVolumeM3: '', QuantityBreaks: [],
};

const valuesOf = (p: VendorProduct): Values => ({
  ProductName: p.ProductName, ProductCategory: p.ProductCategory, ProductBrand: p.ProductBrand ?? '', ProductPrice: String(p.ProductPrice),
  ProductMrp: p.ProductMrp === null ? '' : String(p.ProductMrp), ProductUnit: p.ProductUnit, Stock: String(p.Stock),
  ProductLocation: p.ProductLocation, ProductDescription: p.ProductDescription, Tag: p.Tag ?? '', ProductHsn: p.ProductHsn, ProductUrl: p.ProductUrl,
  ProductWeightKg: String(p.ProductWeightKg), ProductVolumeM3: String(p.ProductVolumeM3), QuantityBreaks: rowsOf(p.QuantityBreaks),
});

interface Props {
  product?: VendorProduct;
  saving: boolean;
  submitLabel: string;
  /** Saves the checked body; rejects with the server's refusal, shown by field. */
  onSave: (body: VendorProductBody) => Promise<unknown>;
}

/** Add or edit a product: checked with the server's own schema first, then the server's refusals beside their fields. */
export function ProductForm({ product, saving, submitLabel, onSave }: Props) {
  const toast = useToast();
  const form = useZodForm(ZProductForm, { defaultValues: product ? valuesOf(product) : EMPTY });
  const [uploading, setUploading] = useState(0);
  const { t } = useLingui();
  const failureText = useFailureText();

  const submit = form.handleSubmit((body) => {
    return onSave(body).catch((err: unknown) => {
      if (!showServerErrors(form, err, { ProductGstRate: 'ProductHsn' })) toast(failureText(err, t`Could not save the product. Please try again.`), 'danger');
    });
  });

  return (
    <form noValidate onSubmit={submit} className="row g-3">
      <ProductFields form={form} />
      <QuantityBreaksField form={form} />
      <ProductImages form={form} onUploading={(change) => setUploading((n) => n + change)} uploading={uploading > 0} />
      <div className="col-12 d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving || uploading > 0}>{saving ? t`Saving...` : submitLabel}</button>
        <Link to="/vendor/products" className="btn btn-outline-secondary"><Trans>Cancel</Trans></Link>
      </div>
    </form>
  );
}

function ProductFields({ form }: { form: AnyForm<Values> }) {
  // A new category starts at its default HSN and rate: the old one may not be allowed in it.
  const categoryChanged = (e: { target: { value: string } }) => form.setValue('ProductHsn', allowedTaxClasses(e.target.value)[0]!.code);
  const { i18n, t } = useLingui();
  return (
    <>
      <Field form={form} name="ProductName" label={t`Product name`} className="col-md-8" maxLength={120} />
      <Field form={form} name="ProductBrand" label={t`Brand`} className="col-md-4" maxLength={60} />
      <Field form={form} name="ProductCategory" label={t`Category`} className="col-md-6" as="select" onChange={categoryChanged}>
        <option value="">{t`Choose a category`}</option>
        {MATERIAL_CATEGORIES.map((c) => <option key={c.slug} value={c.name}>{portalTerm(i18n, c.name)}</option>)}
      </Field>
      <TaxField form={form} />
      <Field form={form} name="ProductLocation" label={t`Location`} className="col-md-6" as="select">
        <option value="">{t`Choose a city`}</option>
        {CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
      </Field>
      <Field form={form} name="ProductPrice" label={t`Price (₹)`} className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="ProductMrp" label={t`MRP (₹, optional)`} className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="ProductUnit" label={t`Unit`} className="col-6 col-md-3" placeholder={t`50 kg bag`} maxLength={30} />
      <Field form={form} name="Stock" label={t`Stock`} className="col-6 col-md-3" inputMode="numeric" />
      <Field form={form} name="ProductWeightKg" label={t`Weight of one (kg, optional)`} className="col-6 col-md-3" inputMode="decimal" placeholder="50" />
      <Field form={form} name="ProductVolumeM3" label={t`Volume of one (m³, optional)`} className="col-6 col-md-3" inputMode="decimal" placeholder="0.035" />
      <Field form={form} name="ProductDescription" label={t`Description`} className="col-12" as="textarea" rows={4} maxLength={2000} />
      <Field form={form} name="Tag" label={t`Tag (optional)`} className="col-md-4" placeholder={t`Bestseller`} maxLength={30} />
    </>
  );
}

/** The HSN code and GST rate: only the choices allowed for the chosen category, its default first. */
function TaxField({ form }: { form: AnyForm<Values> }) {
  const category = form.watch('ProductCategory');
  const { t } = useLingui();
  return (
    <Field form={form} name="ProductHsn" label={t`HSN code and GST rate`} className="col-md-6" as="select">
      {category === '' && <option value="">{t`Choose a category first`}</option>}
      {category !== '' && allowedTaxClasses(category).map((c) => (
        <option key={`${c.code}-${c.ratePercent}`} value={c.code}>{`${c.code} · ${c.label} · GST ${c.ratePercent}%`}</option>
      ))}
    </Field>
  );
}

/** The product's images: uploaded as they are chosen, up to PRODUCT_IMAGES_MAX, each removable. */
function ProductImages({ form, onUploading, uploading }: { form: AnyForm<Values>; onUploading: (change: 1 | -1) => void; uploading: boolean }) {
  const id = useId();
  const images = form.watch('ProductUrl');
  const error = errorOf(form, 'ProductUrl');
  const setImages = (change: (list: string[]) => string[]) => form.setValue('ProductUrl', change(form.getValues('ProductUrl')));
  const fail = (message: string) => form.setError('ProductUrl', { message });
  const { t } = useLingui();
  const failureText = useFailureText();
  const max = PRODUCT_IMAGES_MAX;

  const addImages = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    form.clearErrors('ProductUrl');
    const room = PRODUCT_IMAGES_MAX - images.length;
    if (files.length > room) fail(t`Add at most ${max} images.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      onUploading(1);
      try {
        const url = await uploadImage(file);
        setImages((list) => (list.includes(url) || list.length >= PRODUCT_IMAGES_MAX ? list : [...list, url]));
      } catch (err) {
        fail(`${file.name}: ${failureText(err, t`The image could not be uploaded. Please try again.`)}`);
      } finally {
        onUploading(-1);
      }
    }
  };

  return (
    <fieldset className="col-12" aria-describedby={error ? `${id}-ProductUrl-error` : undefined}>
      <legend className="form-label fs-6"><Trans>Images (1 to {max}: JPEG, PNG or WebP up to 5 MB)</Trans></legend>
      <ul className="list-unstyled d-flex flex-wrap gap-3 mb-2">
        {images.map((url, i) => (
          <li key={url} className="card">
            <img src={url} alt={t`Product image ${i + 1}`} className="card-img-top object-fit-cover" width={120} height={120} />
            <button type="button" className="btn btn-sm btn-link text-danger" onClick={() => setImages((list) => list.filter((u) => u !== url))}>
              {t`Remove image ${i + 1}`}
            </button>
          </li>
        ))}
      </ul>
      {images.length < PRODUCT_IMAGES_MAX && (
        <>
          <label htmlFor={`${id}-images`} className="btn btn-outline-primary btn-sm"><Trans>Add images</Trans></label>
          <input id={`${id}-images`} type="file" accept="image/jpeg,image/png,image/webp" multiple className="visually-hidden" onChange={(e) => void addImages(e)} />
        </>
      )}
      {uploading && <span className="ms-2 small text-body-secondary" role="status"><Trans>Uploading...</Trans></span>}
      <FieldError id={`${id}-ProductUrl-error`} message={error} />
    </fieldset>
  );
}
