/** An average rating to one decimal, or null when there are no ratings. */
export const roundRating = (avg: string | number | null) => (avg === null ? null : Math.round(Number(avg) * 10) / 10);
