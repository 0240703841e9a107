import type { RouteAccountDetails } from '../../lib/razorpay/route.ts';
import type { payoutContact } from '../vendors/service.ts';
import type { PayoutAccountRow } from './repository.ts';

type Contact = NonNullable<Awaited<ReturnType<typeof payoutContact>>>;

/** The cities vendors sign up in, with their state and a city PIN for an address that carries none. */
const CITY: Record<string, { state: string; pin: string }> = {
  Hyderabad: { state: 'TELANGANA', pin: '500001' }, Bangalore: { state: 'KARNATAKA', pin: '560001' },
  Mumbai: { state: 'MAHARASHTRA', pin: '400001' }, Delhi: { state: 'DELHI', pin: '110001' },
};

/** The last 10 digits of a phone number as the gateway wants it (8 to 15 digits, no "+91"). */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * What Route's linked account, stakeholder and product need (decision record 018), from the payout account and
 * the vendor's profile. Materials sellers are an ecommerce marketplace's sellers; professionals sell a service.
 * `reference_id` is our vendor id without dashes, cut to the gateway's 20 characters.
 */
export function routeDetails(vendorId: string, account: PayoutAccountRow, contact: Contact): RouteAccountDetails {
  const city = CITY[contact.city] ?? { state: contact.city.toUpperCase(), pin: '' };
  const pin = /\b\d{6}\b(?!.*\b\d{6}\b)/.exec(contact.businessAddress)?.[0] ?? city.pin;
  const street = contact.businessAddress.slice(0, 200);
  return {
    email: contact.email, phone: phoneDigits(contact.phone), legalBusinessName: account.legalName, businessType: account.businessType,
    contactName: contact.ownerName, pan: account.pan, gstin: account.gstin, referenceId: vendorId.replace(/-/g, '').slice(0, 20),
    category: contact.kind === 'seller' ? 'ecommerce' : 'services', subcategory: contact.kind === 'seller' ? 'ecommerce_marketplace' : 'repair_and_cleaning',
    address: { street1: street.slice(0, 100), street2: street.slice(100, 200), city: contact.city, state: city.state, postalCode: pin },
  };
}
