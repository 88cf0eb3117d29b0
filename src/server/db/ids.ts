const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID names no row (and must not reach Postgres as a cast error). */
export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}
