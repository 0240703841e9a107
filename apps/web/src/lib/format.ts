const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inr2 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFmt = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** ₹1,00,000 — whole rupees, Indian digit grouping. */
export const formatRupees = (amount: number) => inr.format(amount);
/** ₹1,00,000.00 — for totals and payment summaries. */
export const formatRupees2 = (amount: number) => inr2.format(amount);
export const formatDate = (iso: string) => dateFmt.format(new Date(iso));
/** Percentage off the MRP, or null when there is no real discount. */
export const discountPercent = (price: number, mrp: number | null) =>
  mrp !== null && mrp > price ? Math.round(((mrp - price) / mrp) * 100) : null;
