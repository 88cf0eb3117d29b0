/** One of `items` at random, or undefined when there are none. */
export const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
