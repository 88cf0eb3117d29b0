import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checklistRating } from '../../src/domain/checklists/rating';
import { checklists } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let author: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db);
});

describe('the rating column (decision 010)', () => {
  it('is computed by the database with the same formula as the domain', async () => {
    const list = await makeChecklist(t.db, author.id);
    const mismatches: string[] = [];
    // The counters are maintained by triggers; setting them by hand here is enough to read the generated column.
    for (let likes = 0; likes <= 40; likes += 1) {
      for (const uses of [0, 1, 2, 3, 5, 7, 10, 13, 20, 33, 40, 100]) {
        const [row] = await t.db
          .update(checklists)
          .set({ likesCount: likes, usesCount: uses })
          .where(eq(checklists.id, list.id))
          .returning({ rating: checklists.rating });
        if (row!.rating !== checklistRating(likes, uses)) mismatches.push(`${likes}/${uses}: ${row!.rating}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('follows real likes and uses, and the detail response shows it', async () => {
    const list = await makeChecklist(t.db, author.id, { items: ['one'] });
    const read = async () => (await (await t.agent().request(`/api/checklists/${list.id}`)).json()).rating;
    expect(await read()).toBeNull();
    const fan = await signedInAgent(t, await createUser(t.db));
    await fan.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    expect(await read()).toBe(checklistRating(1, 0));
    await fan.request(`/api/checklists/${list.id}/items/${list.items[0]!.id}/done`, { method: 'PUT' });
    expect(await read()).toBe(checklistRating(1, 1));
  });

  it('cannot be written by hand', async () => {
    const list = await makeChecklist(t.db, author.id);
    await expect(t.db.execute(sql`update checklists set rating = 5 where id = ${list.id}`)).rejects.toThrow();
  });
});
