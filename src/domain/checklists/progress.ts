/** Progress is the percent complete, rounded; an empty list is 0 %, and it never passes 100. */
export function percentComplete(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(completed, 0), total) / total) * 100);
}
