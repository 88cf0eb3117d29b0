import { describe, expect, it } from 'vitest';
import { rateLimitedMessage } from './api-error';

describe('rateLimitedMessage', () => {
  it('rounds the wait up to whole minutes, at least one, and says "1 minute" in the singular', () => {
    expect(rateLimitedMessage(1)).toBe("You're doing that too often. Try again in 1 minute.");
    expect(rateLimitedMessage(60)).toBe("You're doing that too often. Try again in 1 minute.");
    expect(rateLimitedMessage(61)).toBe("You're doing that too often. Try again in 2 minutes.");
    expect(rateLimitedMessage(3600)).toBe("You're doing that too often. Try again in 60 minutes.");
  });

  it('counts a wait past an hour in hours', () => {
    expect(rateLimitedMessage(3601)).toBe("You're doing that too often. Try again in 2 hours.");
    expect(rateLimitedMessage(86_400)).toBe("You're doing that too often. Try again in 24 hours.");
  });
});
