import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ZOrderCartBody, type OrderCartBody } from '@nirmaan/shared/cart';
import { PAYMENT_METHODS_FOR_PRODUCTS, type ProductPaymentMethod } from '@nirmaan/shared/constants';
import { CART_MSG } from '@nirmaan/shared/messages';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { LocateError, locateMe } from '../../../lib/locate.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useCart, usePlaceOrder, useProfile } from '../api/cart.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { PAY_MSG, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';
import { ZRazorpayStart } from '@nirmaan/shared/payments';

interface Form { name: string; phone: string; email: string; address: string; city: string; state: string; pincode: string }
type Field = keyof Form;
const EMPTY: Form = { name: '', phone: '', email: '', address: '', city: '', state: '', pincode: '' };
const LABELS: Record<Field, string> = { name: 'Full name', phone: 'Phone', email: 'Email', address: 'Address', city: 'City', state: 'State', pincode: 'Pincode' };
const PAYMENT_LABELS: Record<ProductPaymentMethod, string> = { cod: 'Cash on delivery', online: 'Pay online (card, netbanking)', upi: 'UPI' };
/** Which form field a server-side schema issue belongs to. */
const FIELD_OF: Record<string, Field> = {
  customerName: 'name', phone: 'phone', email: 'email', fullAddress: 'address', city: 'city', state: 'state', pincode: 'pincode',
};

/** /Cart/order: customer details prefilled from the profile, the address with Locate Me, the payment choice (SPEC.md §2). */
export function Component() {
  const { userId } = useStoredUser();
  const cart = useCart(userId);
  const profile = useProfile(userId);
  const placeOrder = usePlaceOrder();
  const options = usePaymentOptions();
  const pay = usePayment();
  const [paying, setPaying] = useState(false);
  const methods = PAYMENT_METHODS_FOR_PRODUCTS.filter((m) => m === 'cod' || options.onlinePayment);
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [method, setMethod] = useState<ProductPaymentMethod>('cod');
  const [coordinates, setCoordinates] = useState<{ latitude: number; longitude: number } | null>(null);
  const [locating, setLocating] = useState(false);
  // One key per visit to checkout: a double click or a retry after a lost answer places one order.
  const idempotencyKey = useRef(crypto.randomUUID());
  const id = useId();

  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile.data) return;
    prefilled.current = true;
    const p = profile.data;
    setForm((f) => ({ ...f, name: f.name || p.Full_Name, email: f.email || p.Emailaddress, phone: f.phone || p.Phone_Number, city: f.city || (p.Location === 'Google' ? '' : p.Location) }));
  }, [profile.data]);

  if (!userId) {
    return (
      <div className="container py-5 text-center">
        <p>{CART_MSG.cartEmpty}</p>
        <Link to="/login" className="btn btn-primary">Log in to check out</Link>
      </div>
    );
  }
  const items = cart.data ?? [];
  const subtotal = items.reduce((sum, i) => sum + i.productprice * i.productQuantity, 0);
  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const locate = async () => {
    setLocating(true);
    try {
      const place = await locateMe();
      setCoordinates({ latitude: place.latitude, longitude: place.longitude });
      setForm((f) => ({ ...f, address: place.formattedAddress || f.address, city: place.city || f.city, state: place.state || f.state, pincode: place.pincode || f.pincode }));
    } catch (err) {
      const kind = err instanceof LocateError ? err.kind : 'address';
      toast(kind === 'unsupported' ? CART_MSG.geolocationUnsupported : kind === 'position' ? CART_MSG.failedToGetLocation : CART_MSG.unableToDetectLocation, 'danger');
    } finally {
      setLocating(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (items.length === 0) {
      toast(CART_MSG.noProductsInCart, 'warning');
      return;
    }
    const body: OrderCartBody = {
      paymentMethod: method,
      orders: items.map((i) => ({
        productId: i.productid, quantity: i.productQuantity, customerId: userId, customerName: form.name, phone: form.phone, email: form.email,
        shippingAddress: { fullAddress: form.address, city: form.city, pincode: form.pincode, state: form.state, coordinates },
      })),
    };
    const checked = ZOrderCartBody.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = FIELD_OF[String(issue.path.at(-1))];
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    placeOrder.mutate({ body, key: idempotencyKey.current }, {
      onSuccess: async (placed) => {
        const start = ZRazorpayStart.safeParse(placed.payment);
        if (!start.success) {
          toast(CART_MSG.orderPlaced, 'success');
          navigate('/myorder');
          return;
        }
        if (start.data.message) {
          toast(start.data.message, 'warning');
          navigate('/myorder');
          return;
        }
        setPaying(true);
        const outcome = await pay(start.data, { name: form.name, email: form.email, contact: form.phone });
        setPaying(false);
        toast(PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
        navigate('/myorder');
      },
      onError: (err) => toast(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CART_MSG.failedToPlaceOrder, 'danger'),
    });
  };

  const input = (field: Field, type = 'text', autoComplete?: string) => (
    <div className={field === 'address' ? 'col-12' : 'col-md-6'} key={field}>
      <label htmlFor={`${id}-${field}`} className="form-label">{LABELS[field]}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        className={`form-control${errors[field] ? ' is-invalid' : ''}`}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        autoComplete={autoComplete}
        required
        aria-invalid={Boolean(errors[field])}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
      />
      {errors[field] ? <div id={`${id}-${field}-error`} className="invalid-feedback">{errors[field]}</div> : null}
    </div>
  );

  return (
    <div className="container py-4">
      <title>Checkout | Nirmaan</title>
      <h1 className="h3 mb-3">Checkout</h1>
      {cart.isPending ? (
        <Loading text="Loading your cart..." />
      ) : cart.isError ? (
        <ErrorState>Your cart could not be loaded. Please try again.</ErrorState>
      ) : (
        <form className="row g-4" onSubmit={submit} noValidate>
          <div className="col-lg-8 d-flex flex-column gap-4">
            <section className="card card-body" aria-labelledby={`${id}-h-customer`}>
              <h2 id={`${id}-h-customer`} className="h6">Customer information</h2>
              <div className="row g-3">{(['name', 'phone', 'email'] as const).map((f) => input(f, f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text', f === 'name' ? 'name' : f === 'phone' ? 'tel' : 'email'))}</div>
            </section>
            <section className="card card-body" aria-labelledby={`${id}-h-address`}>
              <div className="d-flex justify-content-between align-items-center mb-2">
                <h2 id={`${id}-h-address`} className="h6 mb-0">Delivery address</h2>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void locate()} disabled={locating}>
                  {locating ? 'Locating...' : 'Locate Me'}
                </button>
              </div>
              <div className="row g-3">{(['address', 'city', 'state', 'pincode'] as const).map((f) => input(f, 'text', f === 'pincode' ? 'postal-code' : f === 'address' ? 'street-address' : undefined))}</div>
            </section>
            <fieldset className="card card-body">
              <legend className="h6">Payment method</legend>
              {methods.map((m) => (
                <div className="form-check" key={m}>
                  <input className="form-check-input" type="radio" name={`${id}-payment`} id={`${id}-pay-${m}`} checked={method === m} onChange={() => setMethod(m)} />
                  <label className="form-check-label" htmlFor={`${id}-pay-${m}`}>{PAYMENT_LABELS[m]}</label>
                </div>
              ))}
              {method !== 'cod' ? <p className="small text-body-secondary mb-0 mt-2">Your order stays “Pending” payment until the payment is confirmed.</p> : null}
            </fieldset>
          </div>
          <aside className="col-lg-4" aria-label="Order summary">
            <div className="card card-body">
              <h2 className="h6">Order summary</h2>
              {items.length === 0 ? <p className="text-body-secondary">{CART_MSG.cartEmpty}</p> : (
                <ul className="list-unstyled small mb-3">
                  {items.map((i) => <li key={i._id} className="d-flex justify-content-between gap-2"><span>{i.productname} × {i.productQuantity}</span></li>)}
                </ul>
              )}
              <OrderSummary subtotal={subtotal} />
              <p className="small text-body-secondary mt-2 mb-0">{CART_MSG.estimatedDelivery}</p>
              <button type="submit" className="btn btn-primary w-100 mt-3" disabled={placeOrder.isPending || paying}>
                {paying ? 'Paying...' : placeOrder.isPending ? 'Placing order...' : 'Place Order'}
              </button>
            </div>
          </aside>
        </form>
      )}
    </div>
  );
}
