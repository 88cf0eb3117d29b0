import type { Context } from 'hono';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import { suspendedSignInMessage } from '@/domain/moderation/suspensions';
import { CONFIRMATION_LINK_HOURS, RESET_LINK_HOURS, SESSION_DAYS } from '@/domain/accounts/lifetimes';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import { authLogger, type Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import { findActiveSuspension } from '../moderation/suspensions.queries';
import { clearAccountRates } from '../security/rate-limit';
import { revokePendingEmailChanges } from './email-change.actions';
import { createProfileForNewUser } from './own-profile.actions';
import { hashPassword, verifyPassword } from './password-hash';
import { revokeResetLinks } from './reset-links.actions';

const HOUR_SECONDS = 60 * 60;

export type AuthDeps = {
  db: Database;
  env: Pick<Env, 'baseUrl' | 'isHttps'>;
  secret: string;
  mailer: Mailer;
  logger: Logger;
};

export function createAuth({ db, env, secret, mailer, logger }: AuthDeps) {
  return betterAuth({
    appName: 'Ticklist',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.baseUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    logger: authLogger(logger),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * HOUR_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The owner who proved the address starts afresh, whoever failed before; any other reset
      // link and any pending e-mail change (perhaps asked by whoever the owner is locking out) die.
      onPasswordReset: async ({ user }) => {
        await clearAccountRates(db, ['signInFailuresPerAccountAndIp', 'signInFailuresPerAccount'], user.email);
        await revokeResetLinks(db, user.id);
        await revokePendingEmailChanges(db, user.id);
      },
      // Mail about an account goes out in the background: awaiting SMTP only for addresses that
      // have an account would let the response's timing (or an SMTP error) reveal which ones do.
      sendResetPassword: async ({ user, url, token }) => {
        // Decision 013: the reserved "Deleted user" never gets a password.
        if (user.id === DELETED_USER.id) return;
        // Only the newest link works: an older one may sit in a mailbox someone else reads.
        await revokeResetLinks(db, user.id, token);
        mailer.sendInBackground(mailTemplates.resetPassword(user.email, url));
      },
      // No account enumeration: a sign-up with a known address gets the same response as any other,
      // and the owner is notified by mail instead.
      onExistingUserSignUp: async ({ user }) => {
        mailer.sendInBackground(mailTemplates.existingAccount(user.email, `${env.baseUrl}/login`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_LINK_HOURS * HOUR_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        // A confirmed account changes its address through our own links (email-change.actions.ts),
        // never through Better Auth's, which nothing could revoke.
        if (user.emailVerified) return;
        // A confirmed address always lands on the sign-in page with a "confirmed" note, whichever
        // call (sign-up, or a sign-in before confirming) sent the link.
        const link = new URL(url);
        link.searchParams.set('callbackURL', '/login?verified=1');
        mailer.sendInBackground(mailTemplates.confirmEmail(user.email, link.toString()));
      },
    },
    user: {
      changeEmail: { enabled: false },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * HOUR_SECONDS,
      updateAge: 24 * HOUR_SECONDS,
    },
    // Our own Postgres-backed limiter covers the auth endpoints (server/security/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth turns these checks off by itself when NODE_ENV=test or TEST is set; a host
      // with such a variable must not lose them, and our tests must run with them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: env.isHttps,
      // A session's address is ours (the socket, or TRUSTED_PROXIES), recorded by the auth gate;
      // Better Auth would read X-Forwarded-For from anyone.
      ipAddress: { disableIpTracking: true },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: env.isHttps },
      // joins: a session and its user in one statement, not two (the relations in
      // db/schema/auth.ts): every signed-in request looks its session up.
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account opens no session, whichever path asks for one (signing in is the
          // only one: confirming an address and resetting a password sign nobody in). Sign-in
          // comes here after the password check, so the refusal tells nothing to anyone without it.
          before: async (session) => {
            const until = await findActiveSuspension(db, session.userId);
            if (until === undefined) return;
            throw new APIError('FORBIDDEN', { message: suspendedSignInMessage(until), code: 'ACCOUNT_SUSPENDED' });
          },
        },
      },
      user: {
        create: {
          // The username travels as the user's name (see accounts.routes.ts); the profile row is
          // created with it. A username taken in a race loses here, and the user row is undone.
          after: async (user) => {
            const created = await createProfileForNewUser(db, { id: user.id, username: user.name });
            if (!created) {
              await db.delete(schema.users).where(eq(schema.users.id, user.id));
              throw new APIError('CONFLICT', { message: 'This username is already taken.', code: 'USERNAME_TAKEN' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the account routes are made with: the database, Better Auth, the mailer and the public origin. */
export type AccountRoutesDeps = { db: Database; auth: Auth; mailer: Mailer; baseUrl: string };

/** Whether `password` is the signed-in caller's current password (asked before sensitive changes). */
export function isCurrentPassword(auth: Auth, c: Context, password: string): Promise<boolean> {
  return auth.api
    .verifyPassword({ body: { password }, headers: c.req.raw.headers })
    .then(() => true)
    .catch(() => false);
}
