import type { Logger } from '../logger';

/**
 * One structured log line for each event that matters to someone watching for
 * attacks. Each line names the event, the user (when known), the client address and the outcome;
 * the logger's redaction keeps passwords, tokens and cookies out whatever a caller adds.
 */
export const securityEvents = {
  'sign-in.success': 'info',
  'sign-in.failure': 'warn',
  /** A sign-in refused by a limit before its password was checked. */
  'sign-in.refused': 'warn',
  /** The wrong password that used up an address's attempts against an account. */
  'sign-in.lockout': 'warn',
  /** A sign-in made to wait because of the account's failures from every address. */
  'sign-in.slowed': 'info',
  /** Any other request a rate limit refused. */
  'rate-limit.refused': 'warn',
  'password.changed': 'info',
  'password.change-failure': 'warn',
  'password.reset-requested': 'info',
  'password.reset': 'info',
  'email.change-requested': 'info',
  'email.change-failure': 'warn',
  'email.changed': 'info',
  /** The old address took the account back: every session ended, the password replaced. */
  'email.change-undone': 'warn',
  'sessions.revoked': 'info',
  /** A 404 response because the thing exists but is private to someone else. */
  'access.refused': 'warn',
} as const satisfies Record<string, 'info' | 'warn'>;

export type SecurityEventName = keyof typeof securityEvents;

export type SecurityEventFields = {
  userId?: string | null;
  ip: string;
  outcome: string;
  [detail: string]: unknown;
};

export function logSecurityEvent(logger: Logger, event: SecurityEventName, fields: SecurityEventFields): void {
  logger[securityEvents[event]]({ event, ...fields, userId: fields.userId ?? null }, `security: ${event}`);
}

/** The same, from a request: the address (and the logger) come from the context. */
export function logRequestEvent(
  c: { var: { logger: Logger; clientIp: string }; req: { path: string } },
  event: SecurityEventName,
  fields: { userId?: string | null; outcome: string; [detail: string]: unknown },
): void {
  logSecurityEvent(c.var.logger, event, { ...fields, ip: c.var.clientIp, path: c.req.path });
}
