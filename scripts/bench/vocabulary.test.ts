import { describe, expect, it } from 'vitest';
import { makeTags, makeWords, seededRandom, zipfSlots, zipfWeights } from './vocabulary';

describe('makeWords', () => {
  it('makes the asked number of distinct lower-case words, the same for the same seed', () => {
    const words = makeWords(4000);
    expect(new Set(words).size).toBe(4000);
    expect(words.every((word) => /^[a-z]{3,12}$/.test(word))).toBe(true);
    expect(makeWords(4000)).toEqual(words);
    expect(makeWords(50, 12)).not.toEqual(words.slice(0, 50));
  });
});

describe('zipfWeights', () => {
  it('sums to 1 and falls as 1/k^s', () => {
    const weights = zipfWeights(1000, 1);
    expect(weights.reduce((sum, each) => sum + each, 0)).toBeCloseTo(1, 10);
    expect(weights[0]! / weights[9]!).toBeCloseTo(10, 10);
    expect(zipfWeights(1000, 1, 10)[0]! / zipfWeights(1000, 1, 10)[9]!).toBeCloseTo(20 / 11, 10);
  });
});

describe('zipfSlots', () => {
  it('gives every rank at least one slot, in order, frequent ranks many', () => {
    const slots = zipfSlots(4000, 100_000);
    expect(new Set(slots).size).toBe(4000);
    expect(slots[0]).toBe(1);
    expect(slots.at(-1)).toBe(4000);
    const ofRank = (rank: number) => slots.filter((slot) => slot === rank).length;
    expect(ofRank(1)).toBeGreaterThan(100 * ofRank(3000));
  });

  it('draws a few words into half of all lists and most into very few', () => {
    // A list of about 50 words (title, description, ten items), drawn as the seed draws them.
    const slots = zipfSlots(4000, 100_000);
    const random = seededRandom(1);
    const lists = 2000;
    const listsWith = new Map<number, number>();
    for (let list = 0; list < lists; list++) {
      const seen = new Set<number>();
      for (let w = 0; w < 50; w++) seen.add(slots[Math.floor(random() * slots.length)]!);
      for (const rank of seen) listsWith.set(rank, (listsWith.get(rank) ?? 0) + 1);
    }
    const shares = [...listsWith.values()].map((count) => count / lists);
    expect(shares.filter((share) => share >= 0.5).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...shares)).toBeLessThan(0.8);
    const rare = 4000 - listsWith.size + shares.filter((share) => share < 0.01).length;
    expect(rare).toBeGreaterThan(0.7 * 4000);
  });
});

describe('makeTags', () => {
  it('makes distinct tags of at most 30 characters from the words', () => {
    const tags = makeTags(makeWords(4000), 300);
    expect(new Set(tags).size).toBe(300);
    expect(tags.every((tag) => tag.length <= 30 && tag.trim() === tag)).toBe(true);
    expect(tags.filter((tag) => tag.includes(' ')).length).toBeGreaterThan(50);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
