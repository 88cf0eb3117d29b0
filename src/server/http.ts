import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { passwordMessages } from '@/domain/accounts/password';
import type { ApiErrorBody } from '@/domain/api-error';
import type { Auth } from './accounts/auth';

export type SessionUser = { id: string; email: string; emailVerified: boolean };

export type AppEnv = {
  Variables: {
    /**
     * The signed-in user, looked up on first use and remembered for the request. Routes that do not
     * ask (browse, tags) cost no session queries.
     */
    currentUser: () => Promise<SessionUser | null>;
    clientIp: string;
  };
};

export type AuthSession = Awaited<ReturnType<Auth['api']['getSession']>>;

/** A feature's router: validation failures answer 400 with the schema's own messages. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fieldErrors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        fieldErrors[key] ??= issue.message;
      }
      const first = result.error.issues[0]?.message ?? 'Invalid request.';
      // A refused new password carries the spec's weak_password code with its reasons.
      const reasons = result.error.issues.flatMap((issue) =>
        issue.message === passwordMessages.tooShort
          ? ['length']
          : issue.message === passwordMessages.common
            ? ['common']
            : [],
      );
      if (reasons.length > 0) {
        return c.json({ message: first, code: 'weak_password', fieldErrors, reasons } satisfies ApiErrorBody, 400);
      }
      return c.json({ message: first, code: 'invalid_input', fieldErrors } satisfies ApiErrorBody, 400);
    },
  });
}

export function apiError(c: Context, status: ContentfulStatusCode, body: ApiErrorBody) {
  return c.json(body, status);
}

/** The socket's address; behind no proxy this is the only address that cannot be forged. */
export function readClientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
