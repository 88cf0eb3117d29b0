// The load test's mix of requests: what share of arrivals each endpoint kind takes. Mostly
// visitors reading, some people signed in reading their own pages, some searches, few writes, as a
// community site's traffic is. Pure, so its proportions are tested (mix.test.ts).

/** Who sends a kind of request, as the report groups them. */
export type Audience = 'visitor' | 'signed in' | 'search' | 'write';

/**
 * Each endpoint kind, its audience, and its share of all arrivals in thousandths (they sum to
 * 1,000): visitors 70 %, signed-in reads 15 %, searches 10 % (a third of them never made before),
 * writes 5 %.
 */
export const MIX = [
  // Browse pages 1 in each listing order, a third of them on a tag.
  { kind: 'browse', audience: 'visitor', weight: 170 },
  { kind: 'detail', audience: 'visitor', weight: 170 },
  { kind: 'discover', audience: 'visitor', weight: 70 },
  { kind: 'profile', audience: 'visitor', weight: 50 },
  // The popular tags (Browse's tag row and the tag pages' neighbours).
  { kind: 'tags', audience: 'visitor', weight: 30 },
  // Server-rendered HTML: a list, the landing page, Browse, a tag's Browse, a profile.
  { kind: 'page', audience: 'visitor', weight: 210 },
  { kind: 'dashboard', audience: 'signed in', weight: 50 },
  { kind: 'library', audience: 'signed in', weight: 20 },
  { kind: 'notifications', audience: 'signed in', weight: 40 },
  { kind: 'detail (signed in)', audience: 'signed in', weight: 40 },
  // Searches repeated by many people (the server caches their counts and first pages)...
  { kind: 'search', audience: 'search', weight: 67 },
  // ...and pairs of words nobody has searched for since the server started.
  { kind: 'search (new)', audience: 'search', weight: 33 },
  { kind: 'tick', audience: 'write', weight: 20 },
  { kind: 'like', audience: 'write', weight: 12 },
  { kind: 'comment', audience: 'write', weight: 8 },
  { kind: 'create', audience: 'write', weight: 5 },
  { kind: 'clone', audience: 'write', weight: 5 },
] as const satisfies readonly { kind: string; audience: Audience; weight: number }[];

export type Kind = (typeof MIX)[number]['kind'];

export const KINDS: readonly Kind[] = MIX.map((entry) => entry.kind);

const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/** The share of all arrivals (0 to 1) that each audience takes. */
export function audienceShares(): Record<Audience, number> {
  const shares: Record<Audience, number> = { visitor: 0, 'signed in': 0, search: 0, write: 0 };
  for (const entry of MIX) shares[entry.audience] += entry.weight / TOTAL_WEIGHT;
  return shares;
}

/** A function that draws the next arrival's kind by the mix's weights from `random`'s numbers in [0, 1). */
export function kindPicker(random: () => number): () => Kind {
  const cumulative: number[] = [];
  let sum = 0;
  for (const entry of MIX) cumulative.push((sum += entry.weight / TOTAL_WEIGHT));
  return () => {
    const draw = random();
    const index = cumulative.findIndex((bound) => draw < bound);
    return MIX[index === -1 ? MIX.length - 1 : index]!.kind;
  };
}
