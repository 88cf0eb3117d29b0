import { afterEach, vi } from 'vitest';

// STYLE.md habit 8: a test that logs an unexpected console.error fails.
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0)
    throw new Error(`Unexpected console.error: ${logged.map((args) => args.map(String).join(' ')).join('\n')}`);
});
