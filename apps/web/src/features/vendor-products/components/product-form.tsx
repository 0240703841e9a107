import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MATERIAL_CATEGORIES } from '@nirmaan/shared/catalogue';
import { CITIES } from '@nirmaan/shared/constants';
import { PRODUCT_IMAGES_MAX, ZVendorProductBody, type VendorProduct, type VendorProductBody } from '@nirmaan/shared/vendor-products';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText, fieldErrors } from '../../../lib/api.ts';
import { uploadImage } from '../api/vendor-products.ts';

type Field = keyof VendorProductBody;
type TextField = Exclude<Field, 'ProductUrl'>;
type Values = Record<TextField, string>;

const EMPTY: Values = {
  ProductName: '', ProductCategory: '', ProductBrand: '', ProductPrice: '', ProductMrp: '', ProductUnit: '', Stock: '',
  ProductLocation: '', ProductDescription: '', Tag: '',
};

const valuesOf = (p: VendorProduct): Values => ({
  ProductName: p.ProductName, ProductCategory: p.ProductCategory, ProductBrand: p.ProductBrand ?? '', ProductPrice: String(p.ProductPrice),
  ProductMrp: p.ProductMrp === null ? '' : String(p.ProductMrp), ProductUnit: p.ProductUnit, Stock: String(p.Stock),
  ProductLocation: p.ProductLocation, ProductDescription: p.ProductDescription, Tag: p.Tag ?? '',
});

/** A typed number, or undefined for an empty box (the schema then says what is missing). */
const numberOf = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The form's values as the API's body: numbers as numbers, an empty MRP or tag as none. */
function bodyOf(v: Values, images: string[]) {
  return {
    ProductName: v.ProductName, ProductCategory: v.ProductCategory, ProductBrand: v.ProductBrand, ProductPrice: numberOf(v.ProductPrice),
    ProductMrp: numberOf(v.ProductMrp) ?? null, ProductUnit: v.ProductUnit, Stock: numberOf(v.Stock), ProductLocation: v.ProductLocation,
    ProductDescription: v.ProductDescription, Tag: v.Tag.trim() === '' ? null : v.Tag, ProductUrl: images,
  };
}

interface Props {
  product?: VendorProduct;
  saving: boolean;
  submitLabel: string;
  /** Saves the checked body; rejects with the server's refusal, shown by field. */
  onSave: (body: VendorProductBody) => Promise<unknown>;
}

/** Add or edit a product: checked with the server's own schema first, then the server's refusals beside their fields. */
export function ProductForm({ product, saving, submitLabel, onSave }: Props) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState<Values>(product ? valuesOf(product) : EMPTY);
  const [images, setImages] = useState<string[]>(product?.ProductUrl ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(0);

  const set = (field: TextField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const addImages = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setErrors((old) => ({ ...old, ProductUrl: undefined }));
    const room = PRODUCT_IMAGES_MAX - images.length;
    if (files.length > room) setErrors((old) => ({ ...old, ProductUrl: `Add at most ${PRODUCT_IMAGES_MAX} images.` }));
    for (const file of files.slice(0, Math.max(0, room))) {
      setUploading((n) => n + 1);
      try {
        const url = await uploadImage(file);
        setImages((list) => (list.includes(url) || list.length >= PRODUCT_IMAGES_MAX ? list : [...list, url]));
      } catch (err) {
        setErrors((old) => ({ ...old, ProductUrl: `${file.name}: ${failureText(err, 'The image could not be uploaded. Please try again.')}` }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZVendorProductBody.safeParse(bodyOf(values, images));
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    onSave(bodyOf(values, images) as VendorProductBody).catch((err: unknown) => {
      const byField = fieldErrors(err);
      if (Object.keys(byField).length > 0) setErrors(byField as typeof errors);
      else toast(failureText(err, 'Could not save the product. Please try again.'), 'danger');
    });
  };

  const control = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const error = (field: Field) => (errors[field]
    ? <div id={`${id}-${field}-error`} className="invalid-feedback d-block">{errors[field]}</div> : null);
  const invalid = (field: Field) => (errors[field] ? ' is-invalid' : '');

  return (
    <form noValidate onSubmit={submit} className="row g-3">
      <div className="col-md-8">
        <label htmlFor={`${id}-ProductName`} className="form-label">Product name</label>
        <input {...control('ProductName')} className={`form-control${invalid('ProductName')}`} value={values.ProductName} onChange={set('ProductName')} maxLength={120} />
        {error('ProductName')}
      </div>
      <div className="col-md-4">
        <label htmlFor={`${id}-ProductBrand`} className="form-label">Brand</label>
        <input {...control('ProductBrand')} className={`form-control${invalid('ProductBrand')}`} value={values.ProductBrand} onChange={set('ProductBrand')} maxLength={60} />
        {error('ProductBrand')}
      </div>
      <div className="col-md-6">
        <label htmlFor={`${id}-ProductCategory`} className="form-label">Category</label>
        <select {...control('ProductCategory')} className={`form-select${invalid('ProductCategory')}`} value={values.ProductCategory} onChange={set('ProductCategory')}>
          <option value="">Choose a category</option>
          {MATERIAL_CATEGORIES.map((c) => <option key={c.slug} value={c.name}>{c.name}</option>)}
        </select>
        {error('ProductCategory')}
      </div>
      <div className="col-md-6">
        <label htmlFor={`${id}-ProductLocation`} className="form-label">Location</label>
        <select {...control('ProductLocation')} className={`form-select${invalid('ProductLocation')}`} value={values.ProductLocation} onChange={set('ProductLocation')}>
          <option value="">Choose a city</option>
          {CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        {error('ProductLocation')}
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor={`${id}-ProductPrice`} className="form-label">Price (₹)</label>
        <input {...control('ProductPrice')} className={`form-control${invalid('ProductPrice')}`} inputMode="numeric" value={values.ProductPrice} onChange={set('ProductPrice')} />
        {error('ProductPrice')}
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor={`${id}-ProductMrp`} className="form-label">MRP (₹, optional)</label>
        <input {...control('ProductMrp')} className={`form-control${invalid('ProductMrp')}`} inputMode="numeric" value={values.ProductMrp} onChange={set('ProductMrp')} />
        {error('ProductMrp')}
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor={`${id}-ProductUnit`} className="form-label">Unit</label>
        <input {...control('ProductUnit')} className={`form-control${invalid('ProductUnit')}`} placeholder="50 kg bag" value={values.ProductUnit} onChange={set('ProductUnit')} maxLength={30} />
        {error('ProductUnit')}
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor={`${id}-Stock`} className="form-label">Stock</label>
        <input {...control('Stock')} className={`form-control${invalid('Stock')}`} inputMode="numeric" value={values.Stock} onChange={set('Stock')} />
        {error('Stock')}
      </div>
      <div className="col-12">
        <label htmlFor={`${id}-ProductDescription`} className="form-label">Description</label>
        <textarea {...control('ProductDescription')} className={`form-control${invalid('ProductDescription')}`} rows={4} value={values.ProductDescription} onChange={set('ProductDescription')} maxLength={2000} />
        {error('ProductDescription')}
      </div>
      <div className="col-md-4">
        <label htmlFor={`${id}-Tag`} className="form-label">Tag (optional)</label>
        <input {...control('Tag')} className={`form-control${invalid('Tag')}`} placeholder="Bestseller" value={values.Tag} onChange={set('Tag')} maxLength={30} />
        {error('Tag')}
      </div>
      <fieldset className="col-12" aria-describedby={errors.ProductUrl ? `${id}-ProductUrl-error` : undefined}>
        <legend className="form-label fs-6">Images (1 to {PRODUCT_IMAGES_MAX}: JPEG, PNG or WebP up to 5 MB)</legend>
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-2">
          {images.map((url, i) => (
            <li key={url} className="card">
              <img src={url} alt={`Product image ${i + 1}`} className="card-img-top object-fit-cover" width={120} height={120} />
              <button type="button" className="btn btn-sm btn-link text-danger" onClick={() => setImages((list) => list.filter((u) => u !== url))}>
                Remove image {i + 1}
              </button>
            </li>
          ))}
        </ul>
        {images.length < PRODUCT_IMAGES_MAX && (
          <>
            <label htmlFor={`${id}-images`} className="btn btn-outline-primary btn-sm">Add images</label>
            <input id={`${id}-images`} type="file" accept="image/jpeg,image/png,image/webp" multiple className="visually-hidden" onChange={(e) => void addImages(e)} />
          </>
        )}
        {uploading > 0 && <span className="ms-2 small text-body-secondary" role="status">Uploading...</span>}
        {error('ProductUrl')}
      </fieldset>
      <div className="col-12 d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={saving || uploading > 0}>{saving ? 'Saving...' : submitLabel}</button>
        <Link to="/vendor/products" className="btn btn-outline-secondary">Cancel</Link>
      </div>
    </form>
  );
}
