import { describe, expect, it } from 'vitest';
import { checklistDetailSchema } from '@/domain/checklists/checklist-view';
import { noRuns } from '@/domain/checklists/runs';
import { detailResponseBody, type DetailRead } from './detail-response';

const detail: DetailRead['detail'] = {
  id: 'list-1',
  title: 'Say "hi"\n',
  description: '',
  authorId: 'user-1',
  author: 'Olive',
  authorAvatar: '🦉',
  authorUsername: 'olive',
  estimatedTime: 'Unknown',
  difficulty: 'easy',
  isPublic: true,
  visibility: 'public',
  rating: null,
  tags: ['camping'],
  uses: 0,
  likes: 0,
  clones: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  clonedFrom: null,
  viewer: { isOwner: false, hasLiked: false, completedItemIds: [], runs: noRuns },
  hold: null,
  tickStats: null,
};

describe('the detail response joins the fields with the entries PostgreSQL wrote', () => {
  it('is the fields with `items` as the entries JSON array, a valid detail', () => {
    const itemsJson = '[{"id":"i1","content":"Tent","orderIndex":1,"kind":"item","note":"Line\\nbreak"}]';
    const body = JSON.parse(detailResponseBody({ detail, itemsJson }));
    expect(body).toEqual({
      ...detail,
      items: [{ id: 'i1', content: 'Tent', orderIndex: 1, kind: 'item', note: 'Line\nbreak' }],
    });
    expect(checklistDetailSchema.parse(body)).toEqual(body);
  });

  it('keeps a list without entries a valid detail', () => {
    expect(JSON.parse(detailResponseBody({ detail, itemsJson: '[]' })).items).toEqual([]);
  });
});
