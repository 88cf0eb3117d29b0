// PostgreSQL text cannot hold the NUL character; it is refused (or dropped from search input)
// before it reaches the database.
export const NUL_MESSAGE = 'Text cannot contain control characters.';
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point.
export const NO_NUL = /^[^\u0000]*$/;

export function withoutNul(value: string): string {
  return value.replaceAll('\0', '');
}
