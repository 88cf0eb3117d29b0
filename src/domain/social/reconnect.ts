// Realtime reconnect delays of 1, 2, 5 and 10 s; the last one repeats.
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), RECONNECT_DELAYS_MS.length - 1)]!;
}
