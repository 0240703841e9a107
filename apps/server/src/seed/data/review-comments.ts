import type { MaterialCategoryName } from '@nirmaan/shared';

/** What customers write, by star rating; the seed mixes these with category-specific praise. */

export const PRODUCT_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Excellent quality, exactly as described.', 'Delivered on time and the packaging was intact.',
    'Best price I found in the city.', 'Genuine product with a proper GST bill.', 'Will order again for the next floor.',
    'Seller called before delivery and was very helpful.', 'Exactly what our contractor asked for.',
    'Cheaper than the local dealer and genuine.',
  ],
  4: [
    'Good product, delivery was a day late.', 'Quality is good; price could be a little lower.',
    'Satisfied overall, the seller was helpful on the phone.', 'Good value for money.',
    'Good quality. Unloading took a while.', 'Does what it should; bill came a day later.',
  ],
  3: [
    'Average. Does the job.', 'Product is fine but delivery took a week.', 'Okay quality, a few pieces were damaged.',
  ],
  2: ['Quality not as expected for the price.', 'Had to follow up many times for delivery.'],
  1: ['Wrong item delivered and the return took weeks.', 'Poor quality, would not buy again.'],
};

export const PRODUCT_PRAISE: Record<MaterialCategoryName, readonly string[]> = {
  Cement: ['No lumps in any bag, fresh stock.', 'Slab cured well, good strength in the cube test.'],
  Steel: ['Bars were straight and the weight matched the bill.', 'Got the mill test certificate with delivery.'],
  Bricks: ['Very few broken pieces in the whole load.', 'Uniform size, the masons were happy.'],
  Sand: ['Clean sand, hardly any silt.', 'Full load as per the weighbridge slip.'],
  Aggregates: ['Well-graded metal, no dust.', 'Tipper came on time, full load.'],
  Concrete: ['Slump was right and the pump crew was efficient.', 'Transit mixers came back to back, no cold joints.'],
  Paints: ['Colour matched the shade card exactly.', 'Smooth finish and easy to apply.'],
  Tiles: ['No shade variation between boxes.', 'Tiles are flat, laying was easy.'],
  Flooring: ['Beautiful finish, looks premium.', 'Very even thickness, the layers were happy.'],
  Glass: ['Cut precisely to size, edges polished.', 'Crystal clear, not a single scratch.'],
  Doors: ['Solid door with an excellent finish.', 'Fits perfectly, no warping after the monsoon.'],
  Windows: ['Keeps the dust and traffic noise out.', 'The fitting team was neat and quick.'],
  Roofing: ['No leaks through the first monsoon.', 'Sheets were the thickness promised.'],
  Plumbing: ['Pipes are thick and ISI marked.', 'Fittings fit perfectly, no leaks.'],
  'Bathroom Fittings': ['Chrome finish is excellent.', 'Genuine product with the warranty card.'],
  Electrical: ['Full 90 m coil, I measured it.', 'Solid build, clearly genuine.'],
  Lighting: ['Very bright and does not heat up.', 'Looks great in the false ceiling.'],
  'Grouts & Sealants': ['Tiles set firmly, no hollow sound.', 'Stopped the seepage completely.'],
  Wallpaper: ['Pattern matched perfectly across rolls.', 'Looks stunning on the feature wall.'],
  Curtains: ['The room stays dark even in the afternoon.', 'Neat stitching and a perfect fit.'],
  Furniture: ['Sturdy and comfortable.', 'The assembly team was professional.'],
  'Modular Furniture': ['Neat finish, drawers glide smoothly.', 'Exactly like the 3D design.'],
  Kitchen: ['Our kitchen looks fantastic.', 'Easy to clean and very well built.'],
  Wardrobe: ['Lots of storage space.', 'Doors slide smoothly and close softly.'],
  'False Ceiling': ['Boards are light and easy to work with.', 'No sagging even after a year.'],
  'Decorative Panels': ['The TV wall looks premium now.', 'Easy to cut and fix.'],
  'Smart Home': ['Setup took five minutes with the app.', 'Works well with Alexa.'],
};

export const VENDOR_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Very professional and punctual.', 'Excellent job at a fair price.', 'Highly recommended, will call again.',
    'Explained the work clearly before starting.', 'Polite team and spotless finish.',
    'Came on time and finished in one day.', 'Suggested a cheaper fix than we expected.', 'Reasonable charges and quality work.',
  ],
  4: [
    'Good work, came a little late.', 'Quality work, slightly expensive.', 'Happy with the result overall.',
    'Needed a second visit for a small fix, but good work.', 'Good job; could have kept us better informed.',
  ],
  3: ['The work was okay, had to remind them twice.', 'Average experience, took longer than promised.'],
  2: ['Left the site messy.', 'Needed two follow-ups to complete the job.'],
  1: ['Did not turn up on the agreed day.', 'Poor workmanship, we had to get it redone.'],
};

export const SELLER_PRAISE = [
  'Prompt delivery and honest billing.', 'Good stock, they had everything on my list.',
  'Owner personally followed up on delivery.',
] as const;
