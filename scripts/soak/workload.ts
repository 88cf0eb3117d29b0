// The workload: one action at a time, chosen by weight, at a fixed overall rate (run.ts): browse,
// search, detail, completions, likes, comments, follows, edits, creates and the unread count.
import { call, isWithinBurst, noteWrite, sessionOf, sessions, users } from './client';
import { createList, editList, ledger, lists, readDetail, toggle, TOPICS } from './lists';
import { MAX_COMMENTS_PER_USER, MAX_CREATES_PER_USER } from './options';
import { pick } from './pick';
import { writeResult, type Kind } from './record';

const WEIGHTS: [Kind, number][] = [
  ['browse', 22],
  ['search', 14],
  ['detail', 26],
  ['complete', 10],
  ['like', 8],
  ['comment', 5],
  ['follow', 4],
  ['edit', 4],
  ['create', 2],
  ['unread', 5],
];
const totalWeight = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
export const chooseKind = (): Kind => {
  let roll = Math.random() * totalWeight;
  for (const [kind, weight] of WEIGHTS) if ((roll -= weight) < 0) return kind;
  return 'browse';
};

function browse(): Promise<unknown> {
  const order = pick(['newest', 'most-used', 'most-liked'])!;
  const page = Math.floor(Math.random() * 3);
  const tag = Math.random() < 0.3 ? `&tag=${pick(TOPICS)!.word}` : '';
  return call('browse', 'GET', `/api/checklists?order=${order}&page=${page}${tag}`, {
    session: Math.random() < 0.5 ? pick(sessions) : undefined,
  });
}

export function act(kind: Kind): Promise<unknown> {
  const session = pick(sessions);
  const list = pick(lists);
  if (!session || !list) return browse();
  switch (kind) {
    case 'search': {
      const topic = pick(TOPICS)!;
      const term = Math.random() < 0.5 ? topic.word.slice(0, 4) : pick(topic.items)!.split(' ')[0]!.toLowerCase();
      return call('search', 'GET', `/api/checklists?q=${encodeURIComponent(term)}`);
    }
    case 'detail':
      return readDetail(list, Math.random() < 0.6 ? session : undefined);
    case 'complete': {
      const itemId = pick(list.itemIds);
      if (!itemId) return readDetail(list, session);
      return call('complete', 'PUT', `/api/checklists/${list.id}/items/${itemId}/done`, { session }).then(
        ({ outcome }) => {
          if (writeResult(outcome) === 'acked') ledger.completions.push({ userId: session.user.id, itemId });
        },
      );
    }
    case 'like':
      if (list.ownerId === session.user.id) return browse();
      return toggle('like', `like:${list.id}:${session.user.id}`, `/api/checklists/${list.id}/like`, session);
    case 'comment': {
      if (session.user.comments >= MAX_COMMENTS_PER_USER || !isWithinBurst(session.user, 'comment', 8)) return browse();
      session.user.comments++;
      noteWrite(session.user, 'comment');
      const content = `Comment ${session.user.comments} from ${session.user.username}: ${pick(TOPICS)!.word} tips welcome.`;
      return call('comment', 'POST', `/api/checklists/${list.id}/comments`, { session, body: { content } }).then(
        ({ outcome, json }) => {
          if (writeResult(outcome) === 'acked') ledger.comments.push((json as { id: string }).id);
        },
      );
    }
    case 'follow': {
      const other = pick(users)!;
      if (other.id === session.user.id) return browse();
      return toggle('follow', `follow:${session.user.id}:${other.id}`, `/api/users/${other.username}/follow`, session);
    }
    case 'edit': {
      const own = lists.filter((each) => !each.isBusy && sessionOf.has(each.ownerId));
      const target = pick(own);
      return target ? editList(target, sessionOf.get(target.ownerId)!) : browse();
    }
    case 'create': {
      const author = pick(sessions.filter((each) => each.user.creates < MAX_CREATES_PER_USER));
      return author && isWithinBurst(author.user, 'create', 4) ? createList(author) : browse();
    }
    case 'unread':
      return call('unread', 'GET', '/api/notifications/unread-count', { session });
    default:
      return browse();
  }
}
