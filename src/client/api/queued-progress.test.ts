import { describe, expect, it } from 'vitest';
import { changeTimeQuerySchema } from '@/domain/checklists/change-time';
import { newChange } from '@/client/lib/offline/queued-change';
import { changeRequest } from './queued-progress';

const LIST = '6f1c0a52-8d1e-4e55-9a40-0b7a3c5d2e10';
const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000);

function queryOf(path: string) {
  return Object.fromEntries(new URL(path, 'https://ticklist.test').searchParams);
}

describe('changeRequest', () => {
  it('sends a tick and an untick to the item, with how long ago they were made', () => {
    const tick = changeRequest(newChange(LIST, 'tick', 'item 1', fiveMinutesAgo()));
    expect(tick.method).toBe('PUT');
    expect(tick.path).toMatch(new RegExp(`^/api/checklists/${LIST}/items/item%201/done\\?`));
    const ago = Number(queryOf(tick.path).ago);
    expect(ago).toBeGreaterThanOrEqual(5 * 60_000);
    expect(ago).toBeLessThan(6 * 60_000);

    const untick = changeRequest(newChange(LIST, 'untick', 'item 1'));
    expect(untick.method).toBe('DELETE');
    expect(changeTimeQuerySchema.parse(queryOf(untick.path))).toEqual({ ago: expect.any(Number) });
  });

  it('sends Start again with its own id, so a replay closes one run', () => {
    const startAgain = newChange(LIST, 'startAgain', undefined, fiveMinutesAgo());
    const request = changeRequest(startAgain);
    expect(request.method).toBe('DELETE');
    expect(request.path).toMatch(new RegExp(`^/api/checklists/${LIST}/progress\\?`));
    expect(changeTimeQuerySchema.parse(queryOf(request.path))).toEqual({ ago: expect.any(Number), key: startAgain.id });
  });
});
