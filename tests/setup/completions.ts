import type { Agent } from './test-app';

/** Marks item `index` of `list` completed (PUT) or takes the completion back (DELETE), as the user would. */
export const completeItem = (
  agent: Agent,
  list: { id: string; items: { id: string }[] },
  index: number,
  method = 'PUT',
) => agent.request(`/api/checklists/${list.id}/items/${list.items[index]!.id}/done`, { method });
