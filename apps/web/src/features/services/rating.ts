/** Mean of the ratings, or null when there are none (no made-up rating). */
export function averageRating(reviews: readonly { rating: number }[]): number | null {
  if (reviews.length === 0) return null;
  return reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
}
