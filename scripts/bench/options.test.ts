import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './options';

describe('parseBenchArgs', () => {
  it('is today’s default size at scale 1', () => {
    expect(parseBenchArgs([])).toMatchObject({
      scale: 1,
      users: 10_000,
      lists: 50_000,
      items: 500_000,
      likes: 100_000,
      seconds: 5,
      connections: 32,
    });
  });

  it('multiplies every size by --scale, and a size flag beside it wins', () => {
    expect(parseBenchArgs(['--scale', '10'])).toMatchObject({
      users: 100_000,
      lists: 500_000,
      items: 5_000_000,
      likes: 1_000_000,
    });
    expect(parseBenchArgs(['--scale', '0.2', '--lists', '5000', '--seconds', '2'])).toMatchObject({
      users: 2000,
      lists: 5000,
      items: 100_000,
      seconds: 2,
    });
  });

  it('takes --seed-only anywhere among the sized flags', () => {
    expect(parseBenchArgs([]).isSeedOnly).toBe(false);
    expect(parseBenchArgs(['--scale', '10', '--seed-only', '--seconds', '3'])).toMatchObject({
      isSeedOnly: true,
      lists: 500_000,
      seconds: 3,
    });
  });

  it('serves in-process unless --workers asks for the built server with that many workers', () => {
    expect(parseBenchArgs([]).workers).toBeNull();
    expect(parseBenchArgs(['--workers', '2', '--scale', '10']).workers).toBe(2);
    expect(() => parseBenchArgs(['--workers', '0'])).toThrow(/--workers needs a positive number/);
  });

  it('measures only the cases whose name has the text of --only', () => {
    expect(parseBenchArgs([]).only).toBeNull();
    expect(parseBenchArgs(['--scale', '0.1', '--only', 'write:', '--seconds', '2'])).toMatchObject({
      only: 'write:',
      seconds: 2,
      lists: 5000,
    });
    expect(() => parseBenchArgs(['--only'])).toThrow(/--only needs/);
  });

  it('keeps the database in the folder --data names, or in a throwaway one', () => {
    expect(parseBenchArgs([]).dataDir).toBeNull();
    expect(parseBenchArgs(['--scale', '10', '--data', 'data/bench-10', '--seconds', '2'])).toMatchObject({
      dataDir: 'data/bench-10',
      seconds: 2,
      lists: 500_000,
    });
    expect(() => parseBenchArgs(['--data'])).toThrow(/--data needs a folder/);
    expect(() => parseBenchArgs(['--data', '--seconds', '2'])).toThrow(/--data needs a folder/);
  });

  it('profiles the built server into the folder --cpu-prof names, only with --workers', () => {
    expect(parseBenchArgs([]).cpuProfileDir).toBeNull();
    expect(parseBenchArgs(['--workers', '1', '--cpu-prof', '/tmp/p']).cpuProfileDir).toBe('/tmp/p');
    expect(() => parseBenchArgs(['--cpu-prof', '/tmp/p'])).toThrow(/give --workers N too/);
  });

  it('never signs in more users than there are', () => {
    expect(parseBenchArgs(['--scale', '0.01']).signIns).toBeLessThan(parseBenchArgs(['--scale', '0.01']).users);
  });

  it('refuses an unknown flag or a value that is not a positive number', () => {
    expect(() => parseBenchArgs(['--list', '5'])).toThrow(/Unknown argument --list/);
    expect(() => parseBenchArgs(['--scale'])).toThrow(/--scale needs a positive number/);
    expect(() => parseBenchArgs(['--seconds', '-1'])).toThrow(/positive/);
  });
});
