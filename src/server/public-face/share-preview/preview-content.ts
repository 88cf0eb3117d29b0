import { createHash } from 'node:crypto';
import { presentAuthor, type AuthorRow } from '../../presenters';
import { PREVIEW_ITEMS, PREVIEW_LAYOUT_VERSION, type PreviewContent, type PreviewEntry } from './preview-layout';

// What a list's share preview renders and the address it is served at (decision 026). The version in
// the address is a hash of everything rendered, so it changes exactly when the picture would: the
// title, the items, the count, and the author's name or avatar (which do not touch the list's
// updated_at), and the layout itself (PREVIEW_LAYOUT_VERSION).

/** The columns a preview needs (public-face.queries.ts reads them with the page head's). */
export type PreviewRow = AuthorRow & { title: string; items_count: number; first_items: PreviewEntry[] };

/** A preview is for anyone who has the link: its author is named as a visitor may see them. */
export function previewContentOf(row: PreviewRow): PreviewContent {
  const { author, authorAvatar } = presentAuthor(row, null);
  return {
    title: row.title,
    author,
    avatar: authorAvatar,
    itemsCount: row.items_count,
    items: row.first_items.slice(0, PREVIEW_ITEMS),
  };
}

/** A short, URL-safe hash of what the preview renders. */
export function previewVersion(content: PreviewContent): string {
  return createHash('sha256')
    .update(JSON.stringify([PREVIEW_LAYOUT_VERSION, content]))
    .digest('base64url')
    .slice(0, 16);
}

/** The address of a list's preview image at a version (path and query, without the origin). */
export const previewPath = (checklistId: string, version: string) =>
  `/preview/checklist/${checklistId}.png?v=${version}`;
