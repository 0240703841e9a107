import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CUSTOMER_MESSAGES } from './customer-messages.ts';

/**
 * The catalogue's own words, translated (docs/decisions/040-languages.md): category names, units, order and
 * booking statuses, payment methods and the six time slots. The wire keeps the English value (the spec's); a page
 * shows `term(i18n, value)`. A value not listed here (a seller's own unit) is shown as written.
 */
const TERMS: Record<string, MessageDescriptor> = {
  // Material categories
  Cement: msg`Cement`, Steel: msg`Steel`, Bricks: msg`Bricks`, Sand: msg`Sand`, Aggregates: msg`Aggregates`,
  Concrete: msg`Concrete`, Paints: msg`Paints`, Tiles: msg`Tiles`, Flooring: msg`Flooring`, Glass: msg`Glass`,
  Doors: msg`Doors`, Windows: msg`Windows`, Roofing: msg`Roofing`, Plumbing: msg`Plumbing`,
  'Bathroom Fittings': msg`Bathroom Fittings`, Electrical: msg`Electrical`, Lighting: msg`Lighting`,
  'Grouts & Sealants': msg`Grouts & Sealants`, Wallpaper: msg`Wallpaper`, Curtains: msg`Curtains`,
  Furniture: msg`Furniture`, 'Modular Furniture': msg`Modular Furniture`, Kitchen: msg`Kitchen`,
  Wardrobe: msg`Wardrobe`, 'False Ceiling': msg`False Ceiling`, 'Decorative Panels': msg`Decorative Panels`,
  'Smart Home': msg`Smart Home`,
  // Service categories
  Architect: msg`Architect`, 'Civil Engineer': msg`Civil Engineer`, 'Structural Engineer': msg`Structural Engineer`,
  'Site Supervisor': msg`Site Supervisor`, 'Survey Engineer': msg`Survey Engineer`, 'MEP Consultant': msg`MEP Consultant`,
  'Project Manager': msg`Project Manager`, 'HVAC Engineer': msg`HVAC Engineer`, 'Safety Engineer': msg`Safety Engineer`,
  Contractor: msg`Contractor`, 'Interior Designer': msg`Interior Designer`,
  'Waterproofing Consultant': msg`Waterproofing Consultant`, 'Acoustic Consultant': msg`Acoustic Consultant`,
  'Civil Mason': msg`Civil Mason`, 'Earthwork Labour': msg`Earthwork Labour`,
  'Shuttering / Centring Labour': msg`Shuttering / Centring Labour`, Plumber: msg`Plumber`, Electrician: msg`Electrician`,
  Painter: msg`Painter`, Carpenter: msg`Carpenter`, 'Flooring Labour': msg`Flooring Labour`,
  'False Ceiling Worker': msg`False Ceiling Worker`, 'Fabrication / Welder': msg`Fabrication / Welder`,
  'Lift Technician': msg`Lift Technician`, 'Dismantling Expert': msg`Dismantling Expert`,
  // Units
  bag: msg`bag`, piece: msg`piece`, 'sq ft': msg`sq ft`, tonne: msg`tonne`, litre: msg`litre`, metre: msg`metre`, kg: msg`kg`,
  // Order and booking statuses
  Pending: msg`Pending`, Shipped: msg`Shipped`, Delivered: msg`Delivered`, Cancelled: msg`Cancelled`,
  Confirmed: msg`Confirmed`, Completed: msg`Completed`, Declined: msg`Declined`,
  // Payment methods
  cod: msg`Cash on delivery`, online: msg`Pay online`, upi: msg`UPI`, card: msg`Card`, netbanking: msg`Net banking`, cash: msg`Cash`,
  // The six time slots
  '9:00 AM': msg`9:00 AM`, '10:00 AM': msg`10:00 AM`, '11:00 AM': msg`11:00 AM`, '1:00 PM': msg`1:00 PM`,
  '2:00 PM': msg`2:00 PM`, '3:00 PM': msg`3:00 PM`,
  // The spec's messages the pages show (packages/shared/src/messages.ts), by their exact English
  'No reviews yet. Be the first to review!': msg`No reviews yet. Be the first to review!`,
  'Product not found.': msg`Product not found.`,
  'Please log in to add items to your cart.': msg`Please log in to add items to your cart.`,
  'Your cart is empty.': msg`Your cart is empty.`,
  'Item removed from cart.': msg`Item removed from cart.`,
  'Failed to remove item.': msg`Failed to remove item.`,
  // The popular categories' lines on the landing page (packages/shared/src/catalogue.ts)
  'OPC 53 and PPC grades from trusted brands': msg`OPC 53 and PPC grades from trusted brands`,
  'Fe 500 / 550D TMT bars, 8–32 mm': msg`Fe 500 / 550D TMT bars, 8–32 mm`,
  'Red clay, fly-ash bricks and AAC blocks': msg`Red clay, fly-ash bricks and AAC blocks`,
  'River sand and M-sand by the tonne': msg`River sand and M-sand by the tonne`,
  'Interior and exterior emulsions, primers': msg`Interior and exterior emulsions, primers`,
  'Vitrified, ceramic and outdoor tiles': msg`Vitrified, ceramic and outdoor tiles`,
  'CPVC, PVC pipes and fittings': msg`CPVC, PVC pipes and fittings`,
  'Wires, switches, MCBs and conduits': msg`Wires, switches, MCBs and conduits`,
  'Plans, elevations and approvals': msg`Plans, elevations and approvals`,
  'Site visits, estimates and quality checks': msg`Site visits, estimates and quality checks`,
  'End-to-end construction': msg`End-to-end construction`,
  'Homes and offices, concept to handover': msg`Homes and offices, concept to handover`,
  'Leaks, fittings and new lines': msg`Leaks, fittings and new lines`,
  'Wiring, repairs and installations': msg`Wiring, repairs and installations`,
  'Interior and exterior painting': msg`Interior and exterior painting`,
  'Doors, furniture and repairs': msg`Doors, furniture and repairs`,
  // The customer pages' texts of the spec and the shared schemas (customer-messages.ts)
  ...CUSTOMER_MESSAGES,
};

/** Messages with run-time values, matched by their English (lib/message-templates.ts): the text, or undefined. */
export type TermLookup = (i18n: I18n, value: string) => string | undefined;

/**
 * Tables a part of the app loaded later adds (the portal's form checks, lib/form-messages.ts; the delivery reasons,
 * lib/delivery-reasons.ts), so `term` finds them too.
 */
const ADDED: (Record<string, MessageDescriptor> | TermLookup)[] = [];
export function addTerms(table: Record<string, MessageDescriptor> | TermLookup) {
  if (!ADDED.includes(table)) ADDED.push(table);
}

/** A catalogue term (or one of the spec's messages above) in the page's language; anything else exactly as written. */
export function term(i18n: I18n, value: string): string {
  if (Object.hasOwn(TERMS, value)) return i18n._(TERMS[value]!);
  for (const added of ADDED) {
    const found = typeof added === 'function' ? added(i18n, value) : Object.hasOwn(added, value) ? i18n._(added[value]!) : undefined;
    if (found !== undefined) return found;
  }
  return value;
}
