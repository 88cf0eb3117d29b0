// The soak's check: every write the apps acknowledged is in the database at the end (a toggle's
// last acknowledged state, unless a later toggle got no clear response).
import { connectDatabase } from '../../src/server/db/client';
import { ledger, lists, toggles } from './lists';

export async function verifyWrites(url: string): Promise<number> {
  const db = connectDatabase(url, { max: 2 });
  try {
    const rows = async (query: string) => (await db.$client.query<{ key: string }>(query)).rows.map((row) => row.key);
    const listIds = new Set(await rows('select id::text as key from checklists'));
    const titles = new Map(
      (await db.$client.query<{ id: string; title: string }>('select id::text, title from checklists')).rows.map(
        (row) => [row.id, row.title],
      ),
    );
    const commentIds = new Set(await rows('select id::text as key from checklist_comments'));
    const completions = new Set(
      await rows(`select user_id::text || ':' || checklist_item_id::text as key from checklist_item_completions`),
    );
    const likesAndFollows = new Set([
      ...(await rows(`select 'like:' || checklist_id::text || ':' || user_id::text as key from checklist_likes`)),
      ...(await rows(`select 'follow:' || follower_id::text || ':' || followed_id::text as key from follows`)),
    ]);

    const lost: string[] = [];
    let checked = 0;
    for (const id of ledger.creates) {
      checked++;
      if (!listIds.has(id)) lost.push(`create of checklist ${id}`);
    }
    for (const id of ledger.comments) {
      checked++;
      if (!commentIds.has(id)) lost.push(`comment ${id}`);
    }
    for (const completion of ledger.completions) {
      checked++;
      if (!completions.has(`${completion.userId}:${completion.itemId}`)) {
        lost.push(`completion of item ${completion.itemId} by user ${completion.userId}`);
      }
    }
    let ambiguous = 0;
    for (const list of lists) {
      const lastAcked = list.edits.findLastIndex((edit) => edit.result === 'acked');
      if (lastAcked === -1) continue;
      // A later edit that got no clear response may have been saved too.
      const allowed = list.edits
        .slice(lastAcked)
        .filter((edit) => edit.result !== 'refused')
        .map((edit) => edit.title);
      checked++;
      if (!allowed.includes(titles.get(list.id) ?? '')) {
        lost.push(`edit of checklist ${list.id}: title is "${titles.get(list.id)}", expected "${allowed[0]}"`);
      }
    }
    for (const [key, state] of toggles) {
      const lastAcked = state.attempts.findLastIndex((attempt) => attempt.result === 'acked');
      if (lastAcked === -1) continue;
      const allowed = new Set(
        state.attempts
          .slice(lastAcked)
          .filter((attempt) => attempt.result !== 'refused')
          .map((attempt) => attempt.isOn),
      );
      if (allowed.size > 1) {
        ambiguous++;
        continue;
      }
      checked++;
      const isOn = likesAndFollows.has(key);
      if (isOn !== [...allowed][0]) {
        lost.push(`${key}: ${isOn ? 'present' : 'absent'} in the database, acknowledged the other way`);
      }
    }
    console.log(
      `\nAcknowledged writes: ${ledger.creates.length} creates, ${ledger.edits} edits, ${ledger.comments.length} comments, ` +
        `${ledger.completions.length} completions, ${ledger.likes} likes/unlikes, ${ledger.follows} follows/unfollows.`,
    );
    console.log(
      `Checked in the database: ${checked} (every create, comment and completion; the last acknowledged edit of each list and ` +
        `toggle of each like/follow${ambiguous ? `; ${ambiguous} toggles left out: a later one got no clear response` : ''}).`,
    );
    console.log(`Acknowledged writes not found: ${lost.length}`);
    for (const each of lost.slice(0, 20)) console.log(`  ${each}`);
    return lost.length;
  } finally {
    await db.$client.end();
  }
}
