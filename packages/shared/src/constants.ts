/** Business constants of the product, shared by the server (which decides) and the web app (which shows). */

export const CURRENCY = 'INR';

/** Cart: flat delivery fee, waived from this subtotal upwards (docs/architecture.md). */
export const DELIVERY_FEE = 300;
export const FREE_DELIVERY_FROM = 50_000;

/** The windows of a delivery day a customer picks at checkout (decision record 034); zod-free for the first page. */
export const DELIVERY_WINDOWS = { morning: 'Morning, 9 am – 1 pm', afternoon: 'Afternoon, 1 pm – 6 pm' } as const;
export type DeliveryWindow = keyof typeof DELIVERY_WINDOWS;
/** A seller's refusal of a PIN outside its service area (here, not in delivery.ts: the pages import no zod). */
export const notDeliveredToMessage = (pin: string) => `Does not deliver to ${pin}`;

/** Booking: service charge added to the vendor's base price. */
export const SERVICE_CHARGE = 250;
export const TIME_SLOTS = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

/** Services list. */
export const SERVICES_PER_PAGE = 6;
export const DEFAULT_SERVICE_CATEGORY = 'Plumber';
export const SERVICE_SUB_CATEGORY_FILTERS = [
  'All', 'Plumber', 'Electrician', 'Painter', 'Carpenter', 'Mechanic', 'Welder', 'Technician',
] as const;
export const PRICE_BANDS = {
  low: { label: 'Low (below ₹500)', max: 499.999 },
  medium: { label: 'Medium (₹500 – ₹1,500)', min: 500, max: 1500 },
  high: { label: 'High (above ₹1,500)', min: 1500.001 },
} as const;
export type PriceBand = keyof typeof PRICE_BANDS;

export function priceBandOf(price: number): PriceBand {
  if (price < 500) return 'low';
  if (price <= 1500) return 'medium';
  return 'high';
}

/** Materials list. */
export const DEFAULT_MATERIAL_CATEGORY = 'Cement';
export const MATERIAL_FILTER_CATEGORIES = ['Cement', 'Steel', 'Bricks'] as const;
export const MATERIAL_LOCATIONS = ['Hyderabad', 'Bangalore', 'Mumbai', 'Delhi'] as const;
export const MAX_PRICE_DEFAULT = 100_000;
export const MAX_PRICE_STEP = 1_000;

export const CITIES = ['Hyderabad', 'Bangalore', 'Mumbai', 'Delhi'] as const;
export type City = (typeof CITIES)[number];
export const SIGNUP_LOCATIONS = ['Hyderabad', 'Mumbai'] as const;

/** Payment methods of product orders. */
export const PAYMENT_METHODS_FOR_PRODUCTS = ['cod', 'online', 'upi'] as const;
export type ProductPaymentMethod = (typeof PAYMENT_METHODS_FOR_PRODUCTS)[number];

/** Delivery fee of an order's subtotal: flat, waived from FREE_DELIVERY_FROM (docs/architecture.md). */
export const deliveryFeeFor = (subtotal: number) => (subtotal >= FREE_DELIVERY_FROM || subtotal === 0 ? 0 : DELIVERY_FEE);

export const RELATED_PRODUCTS_LIMIT = 4;
export const SEARCH_RESULTS_LIMIT = 200;

export const CHARGE_TYPES = ['Per Hour', 'Per Day', 'Per Visit'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];

/** UI timings (milliseconds). */
export const TOAST_MS = 3_000;
export const LOGIN_REDIRECT_MS = 1_500;
export const SIGNUP_REDIRECT_MS = 2_000;
export const BANNER_MS = 4_000;

/** Field measurement (POST /api/vitals): the vitals reported, and the route patterns they are labelled with. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export const VITAL_ROUTES = [
  '/', '/Category', '/about', '/product', '/product/:id', '/viewstore', '/service', '/service/details/:id', '/login', '/signup',
  '/forgetpassword', '/profile', '/Cart', '/Cart/order', '/myorder', '/myorder/service', '/customer/chat/:vendorId?', '/vendor',
  '/vendor/*', 'other',
] as const;
export type VitalRoute = (typeof VITAL_ROUTES)[number];


/** The most of one product per cart line and per order. */
export const QUANTITY_MAX = 999;
