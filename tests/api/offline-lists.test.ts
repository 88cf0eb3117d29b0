import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_OFFLINE_LISTS, offlineListsSchema } from '../../src/domain/offline-lists';
import { makeChecklist } from '../../src/server/seed/factories';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { completeItem } from '../setup/completions';
import { createAppWithUsers } from '../setup/sign-in';

// The lists a device keeps for use offline: one's own, saved, cloned and started lists of the last
// 30 days (an open run whatever its age), as the user may still see them, most recent first.

const {
  t,
  users: { reader, other },
  agents: { reader: asReader },
} = await createAppWithUsers({ reader: {}, other: {} });

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function offlineLists(agent = asReader) {
  const response = await agent.request('/api/accounts/me/offline-lists');
  expect(response.status).toBe(200);
  return offlineListsSchema.parse(await response.json()).lists.map((list) => list.id);
}

describe('the lists kept for offline', () => {
  it('are one’s own, saved, cloned and started lists of the last 30 days, most recent first', async () => {
    const own = await makeChecklist(t.db, reader.id, { title: 'Own private', isPublic: false });
    const oldOwn = await makeChecklist(t.db, reader.id, { title: 'Own, untouched for long', createdAt: daysAgo(40) });
    const saved = await makeChecklist(t.db, other.id, { title: 'Saved' });
    const started = await makeChecklist(t.db, other.id, { title: 'Started', items: ['One', 'Two'] });
    const startedLongAgo = await makeChecklist(t.db, other.id, { title: 'Started long ago', items: ['One', 'Two'] });
    const ignored = await makeChecklist(t.db, other.id, { title: 'Never used' });
    await completeItem(asReader, startedLongAgo, 0);
    await t.db.execute(sql`
      update checklist_progress set updated_at = ${daysAgo(60)}, started_at = ${daysAgo(60)}
      where checklist_id = ${startedLongAgo.id}`);
    expect((await asReader.request(`/api/library/saved/${saved.id}`, { method: 'PUT' })).status).toBe(200);
    await completeItem(asReader, started, 0);
    const clone = await asReader.post(`/api/checklists/${ignored.id}/clone`, {});
    expect(clone.status).toBe(201);
    const cloneId = ((await clone.json()) as { id: string }).id;

    const lists = await offlineLists();
    // An open run counts as now, whatever its age; then the most recent activity.
    expect(lists.slice(0, 2).sort()).toEqual([started.id, startedLongAgo.id].sort());
    expect(lists.slice(2)).toEqual([cloneId, saved.id, own.id]);
    expect(lists).not.toContain(oldOwn.id);
    expect(lists).not.toContain(ignored.id);
  });

  it('leave out a list the user may no longer see, and keep at most 50', async () => {
    const gone = await makeChecklist(t.db, other.id, { title: 'Made private later' });
    await completeItem(asReader, gone, 0);
    expect(await offlineLists()).toContain(gone.id);
    await t.db.execute(sql`update checklists set is_public = false where id = ${gone.id}`);
    expect(await offlineLists()).not.toContain(gone.id);
    for (let index = 0; index < MAX_OFFLINE_LISTS; index++)
      await makeChecklist(t.db, reader.id, { title: `Mine ${index}` });
    expect(await offlineLists()).toHaveLength(MAX_OFFLINE_LISTS);
  });

  it('are for the signed-in user, a few times an hour', async () => {
    expect((await t.agent().request('/api/accounts/me/offline-lists')).status).toBe(401);
    const key = rateKey('offlineListsPerUser', reader.id);
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), ${rateRules.offlineListsPerUser.max})
      on conflict (key) do update set window_start = now(), count = excluded.count`);
    const refused = await asReader.request('/api/accounts/me/offline-lists');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
