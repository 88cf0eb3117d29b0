import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOfflineDataFor } from './device';
import { readDeviceOwner, writeDeviceOwner } from './device-owner';

const { clearOfflineData, prefetchOfflineLists } = vi.hoisted(() => ({
  clearOfflineData: vi.fn(async () => {}),
  prefetchOfflineLists: vi.fn(async () => 0),
}));
vi.mock('./clear', () => ({ clearOfflineData }));
vi.mock('./prefetch', () => ({ prefetchOfflineLists }));
vi.mock('../pwa/controlled', () => ({ whenControlledByWorker: async () => {} }));
vi.mock('../pwa/idle', () => ({ whenIdleAfterLoad: async () => {} }));

const ann = { id: 'ann', email: 'ann@example.com' };
const bob = { id: 'bob', email: 'bob@example.com' };

describe('keepOfflineDataFor', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    });
    clearOfflineData.mockImplementation(async () => writeDeviceOwner(null));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("clears another user's data before keeping the new one's, and fetches theirs at once", async () => {
    writeDeviceOwner(ann);
    await keepOfflineDataFor(bob);
    expect(clearOfflineData).toHaveBeenCalledOnce();
    expect(readDeviceOwner()).toEqual(bob);
    expect(prefetchOfflineLists).toHaveBeenCalledWith({ isAfterSignIn: true });
  });

  it('clears what a user left when nobody is signed in any more (a session ended elsewhere)', async () => {
    writeDeviceOwner(ann);
    await keepOfflineDataFor(null);
    expect(clearOfflineData).toHaveBeenCalledOnce();
    expect(readDeviceOwner()).toBeNull();
    expect(prefetchOfflineLists).not.toHaveBeenCalled();
  });

  it("keeps the same user's data, and fetches their lists only when due", async () => {
    writeDeviceOwner(ann);
    await keepOfflineDataFor(ann);
    expect(clearOfflineData).not.toHaveBeenCalled();
    expect(prefetchOfflineLists).toHaveBeenCalledWith({ isAfterSignIn: false });
  });

  it("counts a first sign-in on the device as a sign-in, with a visitor's copies kept", async () => {
    await keepOfflineDataFor(ann);
    expect(clearOfflineData).not.toHaveBeenCalled();
    expect(readDeviceOwner()).toEqual(ann);
    expect(prefetchOfflineLists).toHaveBeenCalledWith({ isAfterSignIn: true });
  });
});
