import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { badgeListSchema } from '../../src/domain/badges/badges';
import { checklistInputMessages } from '../../src/domain/checklists/checklist-fields';
import { checklistDetailSchema, type ChecklistDetail } from '../../src/domain/checklists/checklist-view';
import { checklists } from '../../src/server/db/schema';
import { completeItem } from '../setup/completions';
import { createAppWithUsers } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

const {
  t,
  agents: { owner: asOwner, reader: asReader, third: asThird },
} = await createAppWithUsers({ owner: {}, reader: {}, third: {} });

const list = {
  title: 'Camping weekend',
  description: 'Two nights away',
  items: [
    { kind: 'heading', content: 'Before you leave' },
    { content: 'Book the pitch', note: 'Ring before Friday:\nhttps://example.com/pitches' },
    'Pack the tent',
    { kind: 'heading', content: 'At the campsite' },
    { content: 'Pitch the tent', note: '' },
  ],
  tags: ['camping'],
  estimatedTime: '1 hour',
  difficulty: 'easy',
};

const detail = async (agent: Agent, id: string): Promise<ChecklistDetail> =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${id}`)).json());

async function created(agent: Agent, body: unknown, path = '/api/checklists'): Promise<ChecklistDetail> {
  const response = await agent.post(path, body);
  expect(response.status).toBe(201);
  return detail(agent, (await response.json()).id);
}

describe('sections and notes', () => {
  it('keeps headings and notes in order, and counts only items', async () => {
    const saved = await created(asOwner, list);
    expect(saved.items.map(({ kind, content, note }) => [kind, content, note])).toEqual([
      ['heading', 'Before you leave', ''],
      ['item', 'Book the pitch', 'Ring before Friday:\nhttps://example.com/pitches'],
      ['item', 'Pack the tent', ''],
      ['heading', 'At the campsite', ''],
      ['item', 'Pitch the tent', ''],
    ]);
    const [row] = await t.db
      .select({ itemsCount: checklists.itemsCount })
      .from(checklists)
      .where(eq(checklists.id, saved.id));
    expect(row?.itemsCount).toBe(3);
  });

  it('never ticks a heading, and a list is complete when its items are', async () => {
    const saved = await created(asOwner, list);
    expect((await completeItem(asReader, saved, 0)).status).toBe(404);
    for (const index of [1, 2]) expect((await completeItem(asReader, saved, index)).status).toBe(200);
    const last = await completeItem(asReader, saved, 4);
    expect(await last.json()).toMatchObject({ uses: 1, completedItemIds: [1, 2, 4].map((i) => saved.items[i]!.id) });
    const { badges } = badgeListSchema.parse(await (await asReader.request('/api/badges')).json());
    expect(badges.find((badge) => badge.slug === 'finisher')?.earnedAt).not.toBeNull();
  });

  it('keeps ticks through an edit that changes notes and adds a heading', async () => {
    const saved = await created(asOwner, list);
    await completeItem(asReader, saved, 1);
    const edited = {
      ...list,
      items: [
        { kind: 'heading', content: 'First' },
        ...list.items.slice(0, 1),
        { content: 'Book the pitch', note: 'Done online now' },
        ...list.items.slice(2),
      ],
    };
    expect((await asOwner.request(`/api/checklists/${saved.id}`, { method: 'PUT', json: edited })).status).toBe(200);
    const after = await detail(asReader, saved.id);
    const booked = after.items.find((item) => item.content === 'Book the pitch')!;
    expect(booked).toMatchObject({ id: saved.items[1]!.id, note: 'Done online now' });
    expect(after.viewer.completedItemIds).toEqual([booked.id]);
  });

  it('refuses a note too long, a note on a heading and a list of headings only, in the form’s words', async () => {
    const refused = async (items: unknown[]) => {
      const response = await asOwner.post('/api/checklists', { ...list, items });
      expect(response.status).toBe(400);
      return Object.values((await response.json()).fieldErrors ?? {});
    };
    expect(await refused([{ content: 'Tent', note: 'x'.repeat(1001) }])).toEqual([checklistInputMessages.noteTooLong]);
    expect(await refused(['Tent', { kind: 'heading', content: 'A', note: 'B' }])).toEqual([
      checklistInputMessages.headingWithNote,
    ]);
    expect(await refused([{ kind: 'heading', content: 'Only a heading' }])).toEqual([
      checklistInputMessages.itemRequired,
    ]);
    expect(await refused([{ kind: 'section', content: 'Tent' }])).toHaveLength(1);
  });

  it('copies headings and notes into a clone and a duplicate', async () => {
    const saved = await created(asOwner, list);
    const entries = (d: ChecklistDetail) => d.items.map(({ kind, content, note }) => ({ kind, content, note }));
    expect(entries(await created(asReader, {}, `/api/checklists/${saved.id}/clone`))).toEqual(entries(saved));
    expect(entries(await created(asOwner, {}, `/api/checklists/${saved.id}/duplicate`))).toEqual(entries(saved));
  });
});

describe('remix lineage', () => {
  it('credits the nearest surviving ancestor when a middle link is deleted', async () => {
    const first = await created(asOwner, { ...list, title: 'First of the chain' });
    const second = await created(asReader, {}, `/api/checklists/${first.id}/clone`);
    const third = await created(asThird, {}, `/api/checklists/${second.id}/clone`);
    expect(third.clonedFrom).toEqual({
      id: second.id,
      title: second.title,
      originallyBy: { name: first.author, username: first.authorUsername },
    });

    expect((await asReader.request(`/api/checklists/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await detail(asThird, third.id)).clonedFrom).toEqual({
      id: first.id,
      title: 'First of the chain',
      originallyBy: null,
    });
    // The deleted clone no longer counts; the copy it handed on does.
    expect((await detail(asOwner, first.id)).clones).toBe(1);

    expect((await asOwner.request(`/api/checklists/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await detail(asThird, third.id)).clonedFrom).toEqual({
      id: null,
      title: 'First of the chain',
      originallyBy: null,
    });
  });

  it('skips every deleted link when several of one chain go in one statement', async () => {
    const first = await created(asOwner, { ...list, title: 'Root list' });
    const second = await created(asReader, {}, `/api/checklists/${first.id}/clone`);
    const third = await created(asOwner, {}, `/api/checklists/${second.id}/clone`);
    const fourth = await created(asThird, {}, `/api/checklists/${third.id}/clone`);
    const response = await asOwner.post('/api/checklists/bulk-delete', { ids: [first.id, third.id] });
    expect(response.status).toBe(200);
    expect((await detail(asThird, fourth.id)).clonedFrom).toEqual({
      id: second.id,
      title: second.title,
      originallyBy: null,
    });
    expect((await detail(asReader, second.id)).clonedFrom).toEqual({
      id: null,
      title: 'Root list',
      originallyBy: null,
    });
  });
});
