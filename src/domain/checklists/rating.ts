// A checklist has a 0-5 rating and Browse filters on "rating of 4 or more", but the product never
// says where a rating comes from. Ticklist's is how much the people who used a list liked it, smoothed
// towards the middle while there is little to go on (a Bayesian average; decision 010). The same
// formula is the generated column `checklists.rating` (schema/checklists.ts); a test keeps them equal.

/** The prior: a list starts as if PRIOR_USES people had used it and half of them had liked it. */
export const RATING_PRIOR_USES = 4;
export const RATING_PRIOR_LIKES = 2;
export const RATING_MAX = 5;

/** Null until anyone has used or liked the list; otherwise 0-5 with one decimal. */
export function checklistRating(likes: number, uses: number): number | null {
  if (likes <= 0 && uses <= 0) return null;
  // Someone may like a list without completing any of its items, so likes never count more than the people engaged.
  const engaged = Math.max(uses, likes);
  const share = (likes + RATING_PRIOR_LIKES) / (engaged + RATING_PRIOR_USES);
  return Math.round(RATING_MAX * share * 10) / 10;
}
