import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commentListSchema, type CommentPage } from '../../src/domain/checklists/comments';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { createAppWithUsers } from '../setup/sign-in';
import { createRecordingDatabase } from '../setup/test-database';

// Comments come newest first, 20 a page, keyset-paged on (created_at, id).

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
const {
  t,
  agents: { reader: asReader },
} = await createAppWithUsers({ reader: {} }, { db: recording.db });
const author = await createUser(t.db);

/** A list with `count` comments: numbered 1 (oldest) to count, some sharing a creation time. */
async function listWithComments(count: number): Promise<string> {
  const list = await makeChecklist(t.db, author.id);
  await t.db.execute(sql`
    insert into checklist_comments (checklist_id, user_id, content, created_at, updated_at)
    select ${list.id}, ${author.id}, 'Comment ' || n,
           now() - make_interval(mins => (${count} - n) / 3), now() - make_interval(mins => (${count} - n) / 3)
    from generate_series(1, ${count}) n`);
  return list.id;
}

async function page(listId: string, query = ''): Promise<CommentPage> {
  const response = await asReader.request(`/api/checklists/${listId}/comments${query}`);
  expect(response.status).toBe(200);
  return commentListSchema.parse(await response.json());
}

async function allPages(listId: string, between?: () => Promise<void>): Promise<CommentPage[]> {
  const pages = [await page(listId)];
  while (pages.at(-1)!.nextCursor) {
    await between?.();
    pages.push(await page(listId, `?before=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`));
  }
  return pages;
}

describe('comment pages', () => {
  it('45 comments: pages of 20, 20 and 5, newest first, each once, with the total', async () => {
    const listId = await listWithComments(45);
    const pages = await allPages(listId);
    expect(pages.map((each) => each.comments.length)).toEqual([20, 20, 5]);
    expect(pages.map((each) => each.total)).toEqual([45, 45, 45]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const contents = pages.flatMap((each) => each.comments.map((comment) => comment.content));
    expect(new Set(contents).size).toBe(45);
    const times = pages.flatMap((each) => each.comments.map((comment) => Date.parse(comment.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a comment posted between pages neither repeats nor skips one', async () => {
    const listId = await listWithComments(30);
    let posted = 0;
    const pages = await allPages(listId, async () => {
      posted++;
      expect((await asReader.post(`/api/checklists/${listId}/comments`, { content: `New ${posted}` })).status).toBe(
        201,
      );
    });
    const contents = pages.flatMap((each) => each.comments.map((comment) => comment.content));
    expect(contents).toHaveLength(30);
    expect(new Set(contents)).toEqual(new Set(Array.from({ length: 30 }, (_, index) => `Comment ${index + 1}`)));
    expect(posted).toBe(1);
    expect((await page(listId)).comments[0]!.content).toBe('New 1');
  });

  it('reads a page, its total and whether the reader may see the list in one statement, a page past the last too', async () => {
    const listId = await listWithComments(25);
    const hidden = await makeChecklist(t.db, author.id, { isPublic: false });
    const pastTheLast = `?before=${encodeURIComponent('2000-01-01T00:00:00.000000Z~00000000-0000-4000-8000-000000000000')}`;
    const reads: [string, number, number | null][] = [
      [`/api/checklists/${listId}/comments`, 200, 25],
      [`/api/checklists/${listId}/comments${pastTheLast}`, 200, 25],
      [`/api/checklists/${hidden.id}/comments`, 404, null],
    ];
    for (const [path, status, total] of reads) {
      statements.length = 0;
      const response = await asReader.request(path);
      expect(response.status, path).toBe(status);
      if (total !== null) expect((await response.json()).total, path).toBe(total);
      expect(
        statements.filter((statement) => /checklist_comments|from checklists/.test(statement)),
        path,
      ).toHaveLength(1);
    }
  });

  it('an empty list has no comments, a total of 0 and no next page', async () => {
    const list = await makeChecklist(t.db, author.id);
    expect(await page(list.id)).toEqual({ comments: [], total: 0, nextCursor: null });
  });

  it('takes at most 50 a page, and refuses a bad limit or cursor with 400', async () => {
    const listId = await listWithComments(55);
    expect((await page(listId, '?limit=50')).comments).toHaveLength(50);
    for (const query of ['?limit=51', '?limit=0', '?limit=x', '?before=yesterday', '?before=2026-01-01T00:00:00Z~1']) {
      const response = await asReader.request(`/api/checklists/${listId}/comments${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});
