import { describe, expect, it } from 'vitest';
import { seededRandom } from '../bench/vocabulary';
import { audienceShares, KINDS, kindPicker, MIX, type Kind } from './mix';

describe('the mix', () => {
  it('gives visitors 70 %, signed-in reads 15 %, searches 10 % and writes 5 % of all arrivals', () => {
    const shares = audienceShares();
    expect(shares.visitor).toBeCloseTo(0.7, 10);
    expect(shares['signed in']).toBeCloseTo(0.15, 10);
    expect(shares.search).toBeCloseTo(0.1, 10);
    expect(shares.write).toBeCloseTo(0.05, 10);
  });

  it('makes a third of the searches ones never made before', () => {
    const weight = (kind: Kind) => MIX.find((entry) => entry.kind === kind)!.weight;
    expect(weight('search (new)') / (weight('search') + weight('search (new)'))).toBeCloseTo(1 / 3, 2);
  });

  it('draws each kind in its share of arrivals', () => {
    const pick = kindPicker(seededRandom(1));
    const draws = 200_000;
    const counts = new Map<Kind, number>();
    for (let index = 0; index < draws; index++) {
      const kind = pick();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const total = MIX.reduce((sum, entry) => sum + entry.weight, 0);
    for (const entry of MIX) {
      // Within five standard deviations of a binomial draw of this share.
      const share = entry.weight / total;
      const spread = 5 * Math.sqrt(share * (1 - share) * draws);
      expect(Math.abs((counts.get(entry.kind) ?? 0) - share * draws)).toBeLessThan(spread);
    }
    expect([...counts.keys()].sort()).toEqual([...KINDS].sort());
  });

  it('draws the last kind for a number just below 1 and the first for 0', () => {
    const draws = [0, 0.999_999_999];
    const pick = kindPicker(() => draws.shift()!);
    expect(pick()).toBe(MIX[0].kind);
    expect(pick()).toBe(MIX[MIX.length - 1]!.kind);
  });
});
