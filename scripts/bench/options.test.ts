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

  // The flags that are off unless given: null without them, their value with them (sized flags
  // beside them still apply), and refused without a value.
  it.each([
    {
      does: 'serves in-process unless --workers asks for the built server with that many workers',
      field: 'workers',
      args: ['--workers', '2', '--scale', '10'],
      parsed: { workers: 2 },
      refused: [{ args: ['--workers', '0'], error: /--workers needs a positive number/ }],
    },
    {
      does: 'measures only the cases whose name has the text of --only',
      field: 'only',
      args: ['--scale', '0.1', '--only', 'write:', '--seconds', '2'],
      parsed: { only: 'write:', seconds: 2, lists: 5000 },
      refused: [{ args: ['--only'], error: /--only needs/ }],
    },
    {
      does: 'keeps the database in the folder --data names, or in a throwaway one',
      field: 'dataDir',
      args: ['--scale', '10', '--data', 'data/bench-10', '--seconds', '2'],
      parsed: { dataDir: 'data/bench-10', seconds: 2, lists: 500_000 },
      refused: [
        { args: ['--data'], error: /--data needs a folder/ },
        { args: ['--data', '--seconds', '2'], error: /--data needs a folder/ },
      ],
    },
    {
      does: 'profiles the built server into the folder --cpu-prof names, only with --workers',
      field: 'cpuProfileDir',
      args: ['--workers', '1', '--cpu-prof', '/tmp/p'],
      parsed: { cpuProfileDir: '/tmp/p' },
      refused: [{ args: ['--cpu-prof', '/tmp/p'], error: /give --workers N too/ }],
    },
  ] as const)('$does', ({ field, args, parsed, refused }) => {
    expect(parseBenchArgs([])[field]).toBeNull();
    expect(parseBenchArgs(args)).toMatchObject(parsed);
    for (const { args: wrong, error } of refused) expect(() => parseBenchArgs(wrong)).toThrow(error);
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
