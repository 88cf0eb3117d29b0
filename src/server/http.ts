import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '@/domain/api-error';
import type { Auth } from './accounts/auth';

export type SessionUser = { id: string; email: string; emailVerified: boolean };

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
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
