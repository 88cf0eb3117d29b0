import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { openStream, type Stream } from '../setup/event-streams';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// The cap of five event streams a user holds for the whole machine, not for each app process
// (decision 043): two apps on one database stand for two workers of a cluster. A user's sixth stream,
// on either, closes their oldest, wherever it is.

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ db: a.db });
});

/** The user signed in on each app (a session each, as two browsers would have). */
async function signedInOn(apps: TestApp[]): Promise<{ user: CreatedUser; agents: Agent[] }> {
  const user = await createUser(a.db);
  return { user, agents: await Promise.all(apps.map((app) => signedInAgent(app, user))) };
}

let addresses = 0;
/** Opens a stream through `agent` from an address of its own and waits for its first count. */
async function open(agent: Agent): Promise<Stream> {
  addresses++;
  const opened = await openStream(agent, `198.51.100.${addresses}`);
  expect(opened.status).toBe(200);
  await opened.stream!.next('unread');
  return opened.stream!;
}

/**
 * Someone likes the user's list; then each stream has either been closed (and why) or received it.
 * The closing of a stream on another process is sent as a NOTIFY before the like's notification, and each
 * process receives both in order on one connection, so a stream that receives the like was not closed.
 */
async function afterALike(user: CreatedUser, streams: Stream[]): Promise<string[]> {
  const fan = await createUser(a.db);
  const list = await makeChecklist(a.db, user.id);
  expect(
    (await (await signedInAgent(a, fan)).request(`/api/checklists/${list.id}/like`, { method: 'PUT' })).status,
  ).toBe(200);
  return Promise.all(
    streams.map((stream) =>
      Promise.race([
        stream.ended.then(({ event, data }) => `${event} ${data}`),
        stream.next('unread').then((data) => `unread ${data}`),
      ]),
    ),
  );
}

const live = `unread ${JSON.stringify({ unread: 1 })}`;
const tooMany = JSON.stringify({ reason: 'too_many_streams' });
const displaced = `closed ${tooMany}`;

/** The advisory locks held in this test's database: one for each open stream. */
async function heldPlaces(): Promise<{ pid: number }[]> {
  const result = await a.db.execute<{ pid: number }>(sql`
    select pid from pg_locks
    where locktype = 'advisory' and objsubid = 1 and granted
      and database = (select oid from pg_database where datname = current_database())`);
  return result.rows;
}

describe('the cap of streams a user holds, across app processes', () => {
  it('seven streams of one user over two processes: each new one closes the oldest, the newest five stay live', async () => {
    const { user, agents } = await signedInOn([a, b]);
    const streams: Stream[] = [];
    for (let index = 0; index < 7; index++) streams.push(await open(agents[index % 2]!));
    // Process a held four and b three: neither was over five alone.
    expect(await afterALike(user, streams)).toEqual([displaced, displaced, live, live, live, live, live]);
    await Promise.all(streams.map((stream) => stream.cancel()));
  });

  it('a stream closed on one process frees its place for a new one on the other', async () => {
    const { user, agents } = await signedInOn([a, b]);
    const streams: Stream[] = [];
    for (let index = 0; index < 5; index++) streams.push(await open(agents[index % 2]!));
    // The oldest tab is closed (on a); the server lets its place go once it notices.
    const held = (await heldPlaces()).length;
    await streams[0]!.cancel();
    await vi.waitFor(async () => expect(await heldPlaces()).toHaveLength(held - 1));
    const newer = await open(agents[1]!);
    expect(await afterALike(user, [...streams.slice(1), newer])).toEqual([live, live, live, live, live]);
    await Promise.all([...streams, newer].map((stream) => stream.cancel()));
  });

  it('a process that stops gives up its places: the other holds five anew', async () => {
    const stopping = await createTestApp({ db: a.db });
    const { user, agents } = await signedInOn([stopping, a]);
    const before = await Promise.all([0, 1, 2, 3, 4].map(() => open(agents[0]!)));
    await stopping.hub.close();
    for (const stream of before) expect((await stream.ended).event).toBe('reconnect');
    const after: Stream[] = [];
    for (let index = 0; index < 5; index++) after.push(await open(agents[1]!));
    expect(await afterALike(user, after)).toEqual([live, live, live, live, live]);
    await Promise.all(after.map((stream) => stream.cancel()));
  });

  it('a process whose connection ends loses its places; when back, it takes them again and closes those over the cap', async () => {
    const cut = await createTestApp({ db: a.db });
    const { user, agents } = await signedInOn([cut, a]);
    const pidsBefore = new Set((await heldPlaces()).map((place) => place.pid));
    const older = [await open(agents[0]!), await open(agents[0]!)];
    const cutPids = [...new Set((await heldPlaces()).map((place) => place.pid))].filter((pid) => !pidsBefore.has(pid));
    expect(cutPids).toHaveLength(1);
    // The database ends that process's connection (a restart or failover looks the same to it); its
    // streams stay open meanwhile, and the other process opens five newer ones.
    await a.db.execute(sql`select pg_terminate_backend(${cutPids[0]!})`);
    const newer: Stream[] = [];
    for (let index = 0; index < 5; index++) newer.push(await open(agents[1]!));
    // However the reconnection and the new streams interleave, the two older streams close.
    for (const stream of older) expect(await stream.ended).toEqual({ event: 'closed', data: tooMany });
    expect(await afterALike(user, newer)).toEqual([live, live, live, live, live]);
    await Promise.all(newer.map((stream) => stream.cancel()));
  });
});
