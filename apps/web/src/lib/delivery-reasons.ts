import { msg } from '@lingui/core/macro';
import { templateLookup, type Templates } from './message-templates.ts';
import { addTerms, term } from './terms.ts';

/**
 * Why a seller cannot deliver, as a delivery quote answers it (`DELIVERY_REFUSAL` in shared; the wire keeps the
 * English): by its English with the values as placeholders, so the product page, the cart and the portal's quote
 * form show it in the page's language through `term()` (decision record 050). The categories a seller has no vehicle
 * for are catalogue terms, each translated.
 */
const DELIVERY_REASONS: Templates = {
  'Does not deliver to {pin}': ({ pin = '' }) => msg`Does not deliver to ${pin}`,
  'Minimum order for delivery is {amount}': ({ amount = '' }) => msg`Minimum order for delivery is ${amount}`,
  'No vehicle of this seller carries {categories}': ({ categories: carried = '' }, i18n) => {
    const categories = carried.split(' with ').map((c) => term(i18n, c)).join(', ');
    return msg`No vehicle of this seller carries ${categories}`;
  },
  'Too large for one delivery (more than {trips} trips): please split the order': ({ trips = '' }) =>
    msg`Too large for one delivery (more than ${trips} trips): please split the order`,
};

addTerms(templateLookup(DELIVERY_REASONS));

export { term as reasonText };
