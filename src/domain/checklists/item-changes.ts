export type ExistingItem = { id: string; content: string };

export type ItemChanges = {
  /** Items that stay (same id, so everyone's completions of them stay), with their new position. */
  keep: { id: string; orderIndex: number }[];
  insert: { content: string; orderIndex: number }[];
  remove: string[];
};

/**
 * How an edit changes the items: an item whose text is unchanged keeps its id, so other users'
 * progress on it survives the edit. Matching prefers the same position with the same text, then
 * the first unused item with the same text (a moved item). Everything else is new or removed.
 * Positions (order_index) start at 1.
 */
export function planItemChanges(existing: ExistingItem[], next: string[]): ItemChanges {
  const used = new Set<string>();
  const matched: (string | null)[] = next.map((content, index) => {
    const samePlace = existing[index];
    if (samePlace && samePlace.content === content) {
      used.add(samePlace.id);
      return samePlace.id;
    }
    return null;
  });
  next.forEach((content, index) => {
    if (matched[index] !== null) return;
    const moved = existing.find((item) => !used.has(item.id) && item.content === content);
    if (moved) {
      used.add(moved.id);
      matched[index] = moved.id;
    }
  });
  return {
    keep: matched.flatMap((id, index) => (id === null ? [] : [{ id, orderIndex: index + 1 }])),
    insert: next.flatMap((content, index) => (matched[index] === null ? [{ content, orderIndex: index + 1 }] : [])),
    remove: existing.filter((item) => !used.has(item.id)).map((item) => item.id),
  };
}
