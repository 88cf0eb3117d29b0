// The lists the soak writes, and the ledger of acknowledged writes the end checks against the
// database: creates, edits, comments, completions, and likes and follows as toggles.
import type { ChecklistInputBody as ChecklistInput } from '../../src/domain/checklists/checklist-input';
import { ESTIMATED_TIMES } from '../../src/domain/checklists/checklist-fields';
import { DIFFICULTIES } from '../../src/domain/checklists/checklist-view';
import { call, noteWrite, type Session } from './client';
import { pick } from './pick';
import { writeResult, type WriteResult } from './record';

export const TOPICS = [
  {
    word: 'camping',
    items: ['Tent and pegs', 'Sleeping bag', 'Head torch', 'Water filter', 'Camp stove', 'First aid kit'],
  },
  { word: 'moving', items: ['Book the van', 'Redirect post', 'Pack the kitchen', 'Read the meters', 'Label boxes'] },
  {
    word: 'garden',
    items: ['Sharpen the shears', 'Sow the beans', 'Turn the compost', 'Water the pots', 'Weed the beds'],
  },
  {
    word: 'baking',
    items: ['Weigh the flour', 'Warm the oven', 'Proof the dough', 'Grease the tin', 'Cool on a rack'],
  },
  { word: 'travel', items: ['Passport', 'Chargers', 'Travel insurance', 'Boarding pass', 'Spare socks', 'Snacks'] },
  { word: 'cycling', items: ['Pump the tyres', 'Check the brakes', 'Oil the chain', 'Lights charged', 'Spare tube'] },
] as const;
const ADJECTIVES = ['Weekend', 'Quick', 'Complete', 'Simple', 'Family', 'Rainy day', 'Winter', 'Summer'];

export type SoakList = {
  id: string;
  ownerId: string;
  input: ChecklistInput;
  itemIds: string[];
  isBusy: boolean;
  edits: { title: string; result: WriteResult }[];
};
export const lists: SoakList[] = [];
export const ledger = {
  creates: [] as string[],
  comments: [] as string[],
  completions: [] as { userId: string; itemId: string }[],
  likes: 0,
  follows: 0,
  edits: 0,
};
/** Likes and follows are toggled; what counts is the final state after the last acknowledged toggle. */
type Toggle = { isBusy: boolean; attempts: { isOn: boolean; result: WriteResult }[] };
export const toggles = new Map<string, Toggle>();
let listSequence = 0;

function newChecklistInput(): ChecklistInput {
  const topic = pick(TOPICS)!;
  const items = [...topic.items].sort(() => Math.random() - 0.5).slice(0, 3 + Math.floor(Math.random() * 3));
  return {
    title: `${pick(ADJECTIVES)} ${topic.word} checklist ${++listSequence}`,
    description: `What to remember for ${topic.word}, written by the soak.`,
    items,
    tags: [topic.word, ...(Math.random() < 0.5 ? ['soak'] : [])],
    estimatedTime: pick(ESTIMATED_TIMES)!,
    difficulty: pick(DIFFICULTIES)!,
  };
}

export async function createList(session: Session): Promise<void> {
  const input = newChecklistInput();
  session.user.creates++;
  noteWrite(session.user, 'create');
  const { outcome, json } = await call('create', 'POST', '/api/checklists', { session, body: input });
  if (writeResult(outcome) !== 'acked') return;
  const id = (json as { id: string }).id;
  ledger.creates.push(id);
  lists.push({ id, ownerId: session.user.id, input, itemIds: [], isBusy: false, edits: [] });
}

export async function readDetail(list: SoakList, session?: Session): Promise<void> {
  const { outcome, json } = await call('detail', 'GET', `/api/checklists/${list.id}`, { session });
  if (outcome === 200) list.itemIds = (json as { items: { id: string }[] }).items.map((item) => item.id);
}

export async function editList(list: SoakList, session: Session): Promise<void> {
  list.isBusy = true;
  // Items stay as they are, so every completion of them stays (an edit keeps unchanged items' ids).
  const title = `${list.input.title} (edit ${list.edits.length + 1})`.slice(0, 120);
  const body: ChecklistInput = {
    ...list.input,
    title,
    description: `${list.input.description} Edited at ${new Date().toISOString()}.`,
    difficulty: pick(DIFFICULTIES)!,
  };
  const { outcome } = await call('edit', 'PUT', `/api/checklists/${list.id}`, { session, body });
  const result = writeResult(outcome);
  list.edits.push({ title, result });
  if (result === 'acked') ledger.edits++;
  list.isBusy = false;
}

export async function toggle(kind: 'like' | 'follow', key: string, pathname: string, session: Session): Promise<void> {
  const state = toggles.get(key) ?? { isBusy: false, attempts: [] };
  toggles.set(key, state);
  if (state.isBusy) return;
  state.isBusy = true;
  const lastAcked = state.attempts.findLast((attempt) => attempt.result === 'acked');
  const isOn = !(lastAcked?.isOn ?? false);
  const { outcome } = await call(kind, isOn ? 'PUT' : 'DELETE', pathname, { session });
  const result = writeResult(outcome);
  state.attempts.push({ isOn, result });
  if (result === 'acked') ledger[kind === 'like' ? 'likes' : 'follows']++;
  state.isBusy = false;
}
