import { describe, expect, it } from 'vitest';
import { sharedBuffersMb } from './embedded-postgres';

const GiB = 2 ** 30;

describe("the embedded server's shared_buffers", () => {
  it('is a quarter of the memory', () => {
    expect(sharedBuffersMb(24 * GiB, 0)).toBe(6144);
    expect(sharedBuffersMb(2 * GiB, 0)).toBe(512);
  });

  it("is a quarter of a container's limit when that is lower than the machine's memory", () => {
    expect(sharedBuffersMb(64 * GiB, 4 * GiB)).toBe(1024);
    // No limit: Node reports the largest number it can.
    expect(sharedBuffersMb(8 * GiB, 2 ** 64)).toBe(2048);
  });

  it("never less than PostgreSQL's default, never more than 8 GiB", () => {
    expect(sharedBuffersMb(256 * 2 ** 20, 0)).toBe(128);
    expect(sharedBuffersMb(512 * GiB, 0)).toBe(8192);
  });
});
