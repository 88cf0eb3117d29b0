import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SAMPLE_STAFF_PICKS } from '../../src/domain/discover/assembly';
import { staffPicks } from '../../src/server/db/schema';
import { staffPickedChecklists } from '../../src/server/discover/discover.queries';
import { parseStaffPickArgs, setStaffPick } from '../../src/server/discover/staff-picks.actions';
import { DEMO_STAFF_PICKS, seedDemoContent } from '../../src/server/seed/seed';
import { daysAgo, minutesAgo, titles, useDiscoverApp } from '../setup/discover';
import { createTestDatabase } from '../setup/test-database';
import type { TestApp } from '../setup/test-app';

let t: TestApp;
let databaseUrl: string;
const { makeList, discover } = useDiscoverApp((app) => ({ t, databaseUrl } = app));

describe('staff picks', () => {
  const pick = (checklistId: string, pickedAt: Date) => t.db.insert(staffPicks).values({ checklistId, pickedAt });

  it('come from the staff_picks table, newest pick first, skipping private lists, 3 on Discover', async () => {
    const first = await makeList('Picked 4 days ago');
    const second = await makeList('Picked 1 day ago');
    const third = await makeList('Picked 2 days ago');
    const fourth = await makeList('Picked 3 days ago');
    const hidden = await makeList('Private pick', { isPublic: false });
    await makeList('Not picked', { uses: 50 });
    await pick(first, daysAgo(4));
    await pick(second, daysAgo(1));
    await pick(hidden, minutesAgo(1));
    await pick(third, daysAgo(2));
    await pick(fourth, daysAgo(3));
    const result = await discover();
    expect(result.isSampleStaffPicks).toBe(false);
    expect(titles(result.staffPicks)).toEqual(['Picked 1 day ago', 'Picked 2 days ago', 'Picked 3 days ago']);
    expect(titles(await staffPickedChecklists(t.db))).toEqual([
      'Picked 1 day ago',
      'Picked 2 days ago',
      'Picked 3 days ago',
      'Picked 4 days ago',
    ]);
  });

  it('are the built-in samples when none is flagged, or only private ones are', async () => {
    await makeList('Public');
    expect(await discover()).toMatchObject({ staffPicks: SAMPLE_STAFF_PICKS, isSampleStaffPicks: true });
    await pick(await makeList('Private pick', { isPublic: false }), new Date());
    expect(await discover()).toMatchObject({ staffPicks: SAMPLE_STAFF_PICKS, isSampleStaffPicks: true });
  });

  it('the demo seed flags 3 public demo lists', async () => {
    const { db } = await createTestDatabase();
    await seedDemoContent(db, pino({ level: 'silent' }));
    const picked = await staffPickedChecklists(db);
    expect(picked).toHaveLength(DEMO_STAFF_PICKS.length);
    expect(DEMO_STAFF_PICKS).toHaveLength(3);
  });
});

describe('npm run staff-pick', () => {
  const isPicked = async (checklistId: string) =>
    (await t.db.select().from(staffPicks).where(eq(staffPicks.checklistId, checklistId))).length === 1;

  it('flags a public list, flags it again to put it first, and removes the flag', async () => {
    const id = await makeList('Good list');
    expect(await setStaffPick(t.db, id, true)).toEqual({
      ok: true,
      message: expect.stringContaining('is now a staff pick'),
    });
    expect(await isPicked(id)).toBe(true);
    await t.db
      .update(staffPicks)
      .set({ pickedAt: daysAgo(2) })
      .where(eq(staffPicks.checklistId, id));
    await t.db.insert(staffPicks).values({ checklistId: await makeList('Other pick'), pickedAt: daysAgo(1) });
    expect(titles(await staffPickedChecklists(t.db))).toEqual(['Other pick', 'Good list']);
    await setStaffPick(t.db, id, true);
    expect(titles(await staffPickedChecklists(t.db))).toEqual(['Good list', 'Other pick']);
    expect(await setStaffPick(t.db, id, false)).toEqual({ ok: true, message: expect.stringContaining('no longer') });
    expect(await isPicked(id)).toBe(false);
    expect(await setStaffPick(t.db, id, false)).toEqual({ ok: true, message: expect.stringContaining('was not') });
  });

  it('refuses a private list and an unknown id, changing nothing', async () => {
    const hidden = await makeList('Hidden', { isPublic: false });
    expect(await setStaffPick(t.db, hidden, true)).toEqual({
      ok: false,
      message: expect.stringContaining('not public'),
    });
    expect(await isPicked(hidden)).toBe(false);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await setStaffPick(t.db, id, true)).toEqual({ ok: false, message: `No checklist has the id ${id}.` });
      expect(await setStaffPick(t.db, id, false)).toMatchObject({ ok: false });
    }
  });

  it('reads one id and an optional --remove', () => {
    expect(parseStaffPickArgs(['abc'])).toEqual({ checklistId: 'abc', isPicked: true });
    expect(parseStaffPickArgs(['--remove', 'abc'])).toEqual({ checklistId: 'abc', isPicked: false });
    for (const args of [[], ['a', 'b'], ['abc', '--force'], ['--remove']]) expect(parseStaffPickArgs(args)).toBeNull();
  });

  it('runs as a command: exit 0 when flagged, non-zero with the reason when refused', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/staff-pick.ts', ...args], {
          // Vitest sets BASE_URL='/' (Vite's own variable); the command's configuration needs a real one.
          env: { ...process.env, DATABASE_URL: databaseUrl, BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
    const id = await makeList('Command pick');
    const hidden = await makeList('Command private', { isPublic: false });
    const [flagged, refused, usage] = await Promise.all([run(id), run(hidden), run()]);
    expect(flagged).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a staff pick') });
    expect(await isPicked(id)).toBe(true);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not public') });
    expect(await isPicked(hidden)).toBe(false);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run staff-pick') });
    expect(await run(id, '--remove')).toMatchObject({ code: 0, stdout: expect.stringContaining('no longer') });
    expect(await isPicked(id)).toBe(false);
  }, 60_000);
});
