// Text for the bench: a vocabulary of pseudo-words whose frequency follows Zipf's law, as words in
// real text do, so a few words are in half of all lists and most are in very few. Pure and
// deterministic (vocabulary.test.ts); the seed draws from it in SQL (seed.ts).

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'z',
  'br',
  'ch',
  'cl',
  'dr',
  'fl',
  'gr',
  'pl',
  'sh',
  'st',
  'tr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'oo', 'ou'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'ck', 'nd', 'st'];

/** `count` distinct pseudo-words of one to three syllables (3 to 12 letters), the same for a seed. */
export function makeWords(count: number, seed = 11): string[] {
  const random = seededRandom(seed);
  const pick = <T>(from: readonly T[]) => from[Math.floor(random() * from.length)]!;
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 1 + Math.floor(random() * 3);
    let word = '';
    for (let s = 0; s < syllables; s++) word += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    if (word.length >= 3 && word.length <= 12) words.add(word);
  }
  return [...words];
}

/**
 * The bench's law: Zipf–Mandelbrot, p(k) ∝ 1 / (k + offset)^exponent. The offset flattens the
 * head, so with about 50 words a list the commonest words are in half to two thirds of all lists
 * (not in every one) while four in five words are in fewer than 1 in 100.
 */
export const ZIPF = { exponent: 1.1, offset: 10 } as const;

/** The probability of each rank (1 first) under Zipf's (–Mandelbrot's) law. */
export function zipfWeights(count: number, exponent: number, offset = 0): number[] {
  const raw = Array.from({ length: count }, (_, index) => 1 / (index + 1 + offset) ** exponent);
  const total = raw.reduce((sum, each) => sum + each, 0);
  return raw.map((each) => each / total);
}

/**
 * A table to draw ranks from with one uniform number: rank k fills max(1, round(p_k · resolution))
 * slots, in rank order, so slot ⌊u · slots.length⌋ is a Zipf draw. Every rank has a slot, so even
 * the rarest word turns up somewhere.
 */
export function zipfSlots(
  count: number,
  resolution: number,
  law: { exponent: number; offset: number } = ZIPF,
): number[] {
  const slots: number[] = [];
  zipfWeights(count, law.exponent, law.offset).forEach((weight, index) => {
    const times = Math.max(1, Math.round(weight * resolution));
    for (let t = 0; t < times; t++) slots.push(index + 1);
  });
  return slots;
}

/**
 * Tags built from the vocabulary: one word, or two for every third (like "moving house"), at
 * most 30 characters, distinct. Tag 1 is drawn most often (the seed draws tag ranks by Zipf too).
 */
export function makeTags(words: readonly string[], count: number): string[] {
  const tags = new Set<string>();
  for (let index = 0; tags.size < count && index < words.length * 4; index++) {
    const first = words[(index * 7) % words.length]!;
    const tag = index % 3 === 2 ? `${first} ${words[(index * 13 + 5) % words.length]!}` : first;
    if (tag.length <= 30) tags.add(tag);
  }
  return [...tags];
}
