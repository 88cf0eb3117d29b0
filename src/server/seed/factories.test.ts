import { afterEach, describe, expect, it, vi } from 'vitest';
import { USERNAME_MAX_LENGTH } from '@/domain/accounts/username';

// Each end-to-end worker loads the factories afresh, so its count starts at 0 like the others'.
const freshFactories = async () => {
  vi.resetModules();
  return import('./factories');
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the factories’ unique names', () => {
  it('differ between two processes that make a name in the same millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    const first = await freshFactories();
    const second = await freshFactories();
    const names = new Set(Array.from({ length: 50 }, (_, i) => (i % 2 ? first : second).uniqueSuffix()));
    expect(names.size).toBe(50);
  });

  it('leave a default username within the username limit', async () => {
    const { uniqueSuffix } = await freshFactories();
    expect(`user_${uniqueSuffix()}`.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
  });
});
