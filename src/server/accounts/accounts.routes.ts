import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { APIError } from 'better-auth/api';
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  signUpSchema,
} from '@/domain/accounts/account-forms';
import { meSchema } from '@/domain/accounts/profile';
import { activeSessionsSchema, revokedSessionsSchema, sessionMessages } from '@/domain/accounts/sessions';
import { isValidUsername, usernameAvailabilitySchema, usernameMessages } from '@/domain/accounts/username';
import { messageSchema } from '@/domain/api-error';
import {
  commonErrors,
  createRouter,
  errorContent,
  jsonBody,
  jsonContent,
  limited,
  notSignedInBody,
  perAddress,
  perUser,
  refusedByRateLimit,
  signedInAndLimited,
  signedInRoute,
} from '../http';
import { mailTemplates } from '../mail/templates';
import { logRequestEvent } from '../security/security-events';
import { isCurrentPassword, type AccountRoutesDeps } from './auth';
import { requestEmailChange, revokePendingEmailChanges } from './email-change.actions';
import { emailChangeMessages } from '@/domain/accounts/email-change';
import { emailChangeConfirmUrl } from './email-change.routes';
import { revokeResetLinks } from './reset-links.actions';
import { revokeOtherSessions } from './sessions.actions';
import { listActiveSessions } from './sessions.queries';
import { expireUnconfirmedSignUps, holdUsername } from './own-profile.actions';
import { findMe, hasAccount, isOwnSignUp, isUsernameTaken } from './own-profile.queries';
import { noSoonerThan, SIGN_UP_MIN_RESPONSE_MS } from '../security/minimum-response-time';

const signUpRoute = createRoute({
  method: 'post',
  path: '/sign-up',
  summary: 'Create an account; a confirmation e-mail follows',
  request: jsonBody(signUpSchema),
  responses: {
    201: jsonContent(messageSchema, 'Account created (or, for a known address, the same response without one)'),
    400: errorContent('Invalid input, weak password'),
    409: errorContent('Username taken'),
    429: errorContent('Too many attempts'),
  },
});

const usernameAvailabilityRoute = createRoute({
  method: 'get',
  path: '/username-availability',
  ...limited(perAddress('usernameCheckPerIp')),
  summary: 'Whether a username is free (the signed-in user’s own name counts as free)',
  request: { query: z.object({ username: z.string().max(64) }) },
  responses: {
    200: jsonContent(usernameAvailabilitySchema, 'Availability'),
    429: errorContent('Too many checks'),
  },
});

const meRoute = signedInRoute({
  method: 'get',
  path: '/me',
  summary: 'The signed-in user and their profile',
  responses: { 200: jsonContent(meSchema, 'The signed-in user') },
});

/**
 * A change the current password must confirm: signed in, and counted per user, so a stolen session
 * does not become a way to guess the password.
 */
const passwordConfirmedRoute = <const R extends Omit<RouteConfig, 'middleware'>>(config: R) =>
  createRoute({
    ...config,
    ...signedInAndLimited(perUser('currentPasswordPerUser')),
    responses: { 401: commonErrors[401], 429: errorContent('Too many attempts'), ...config.responses },
  });

const changePasswordRoute = passwordConfirmedRoute({
  method: 'post',
  path: '/change-password',
  summary:
    'Change the password after verifying the current one; other sessions are signed out, reset links and a pending e-mail change revoked',
  request: jsonBody(changePasswordSchema),
  responses: {
    200: jsonContent(messageSchema, 'Changed'),
    400: errorContent('Invalid input or wrong current password'),
  },
});

const changeEmailRoute = passwordConfirmedRoute({
  method: 'post',
  path: '/change-email',
  summary:
    'Send a confirmation link to a new address after verifying the password; the other sessions end, an earlier pending change is revoked and the old address is mailed',
  request: jsonBody(changeEmailSchema),
  responses: {
    200: jsonContent(messageSchema, 'Confirmation sent'),
    400: errorContent('Invalid input, wrong password, or a change that can still be undone'),
  },
});

const sessionsRoute = signedInRoute({
  method: 'get',
  path: '/sessions',
  summary: 'The signed-in user’s active sessions (device, last seen, address), the current one marked',
  responses: { 200: jsonContent(activeSessionsSchema, 'Sessions') },
});

const revokeOtherSessionsRoute = signedInRoute({
  method: 'post',
  path: '/sessions/revoke-others',
  summary:
    'Sign out everywhere else: ends every session of the user but the current one, and revokes a pending e-mail change',
  responses: { 200: jsonContent(revokedSessionsSchema, 'Signed out elsewhere') },
});

export function accountsRoutes({ db, auth, mailer, baseUrl }: AccountRoutesDeps) {
  return createRouter()
    .openapi(signUpRoute, async (c) => {
      const startedAt = performance.now();
      const input = c.req.valid('json');
      // Counted once the form is valid, so someone correcting their form is not refused for it.
      const refused = await refusedByRateLimit(c, null, perAddress('signUpPerIp'), {
        rule: 'signUpPerAccount',
        keyOf: () => input.email,
      });
      if (refused) return refused;
      const usernameTaken = () =>
        c.json(
          {
            message: usernameMessages.taken,
            code: 'username_taken',
            fieldErrors: { username: usernameMessages.taken },
          },
          409,
        );
      // Known and new addresses respond after the same time, so the timing tells nobody which has an account.
      return noSoonerThan(SIGN_UP_MIN_RESPONSE_MS, startedAt, async () => {
        await expireUnconfirmedSignUps(db);
        if (await isUsernameTaken(db, input.username)) return usernameTaken();
        try {
          await auth.api.signUpEmail({
            body: { email: input.email, password: input.password, name: input.username },
            headers: c.req.raw.headers,
          });
        } catch (error) {
          if (!(error instanceof APIError)) throw error;
          if (error.body?.code === 'USERNAME_TAKEN') return usernameTaken();
          if (error.statusCode === 400) {
            return c.json({ message: error.body?.message ?? accountMessages.unexpected, code: 'invalid_input' }, 400);
          }
          // Two sign-ups at once: the other one made the account (or took the name) between our
          // check and Better Auth's insert. Answer as if this one had come second.
          if (error.body?.code !== 'FAILED_TO_CREATE_USER') throw error;
          if (await hasAccount(db, input.email)) {
            mailer.sendInBackground(mailTemplates.existingAccount(input.email, `${baseUrl}/login`));
          } else if (await isUsernameTaken(db, input.username)) {
            return usernameTaken();
          } else {
            throw error;
          }
        }
        // With a known address Better Auth made no account (and mailed the owner); the
        // name asked for is held as an unconfirmed account would hold it, so it looks the same.
        if (!(await isOwnSignUp(db, input.email, input.username))) await holdUsername(db, input.username);
        return c.json({ message: accountMessages.signUpSuccess }, 201);
      });
    })
    .openapi(usernameAvailabilityRoute, async (c) => {
      const { username } = c.req.valid('query');
      if (!isValidUsername(username)) return c.json({ username, available: false, reason: 'invalid' as const }, 200);
      const taken = await isUsernameTaken(db, username, (await c.var.currentUser())?.id);
      return c.json(
        taken ? { username, available: false, reason: 'taken' as const } : { username, available: true },
        200,
      );
    })
    .openapi(meRoute, async (c) => {
      const me = await findMe(db, c.var.user.id);
      if (!me) return c.json(notSignedInBody, 401);
      return c.json(me, 200);
    })
    .openapi(changePasswordRoute, async (c) => {
      const input = c.req.valid('json');
      try {
        // Revoking the other sessions revokes this one too and opens a fresh one for this device:
        // its cookie must reach the browser, or the dialog's "other devices" would include this one.
        const { headers } = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: c.req.raw.headers,
          returnHeaders: true,
        });
        for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === 'INVALID_PASSWORD') {
          logRequestEvent(c, 'password.change-failure', { userId: c.var.user.id, outcome: 'wrong-current-password' });
          return c.json({ message: accountMessages.currentPasswordWrong, code: 'invalid_password' }, 400);
        }
        throw error;
      }
      // Links mailed before the change may be in someone else's hands: they stop working.
      await revokeResetLinks(db, c.var.user.id);
      await revokePendingEmailChanges(db, c.var.user.id);
      logRequestEvent(c, 'password.changed', { userId: c.var.user.id, outcome: 'changed-other-sessions-ended' });
      return c.json({ message: accountMessages.passwordUpdated }, 200);
    })
    .openapi(changeEmailRoute, async (c) => {
      const user = c.var.user;
      const input = c.req.valid('json');
      // The current password is verified first.
      if (!(await isCurrentPassword(auth, c, input.currentPassword))) {
        logRequestEvent(c, 'email.change-failure', { userId: user.id, outcome: 'wrong-current-password' });
        return c.json({ message: accountMessages.currentPasswordWrong, code: 'invalid_password' }, 400);
      }
      const newEmail = input.newEmail.toLowerCase();
      if (newEmail === user.email.toLowerCase()) {
        return c.json({ message: accountMessages.sameEmail, code: 'same_email' }, 400);
      }
      // An address another account has gets the same response and no link, so this form cannot
      // tell anyone which addresses have accounts. Either way only the newest request can complete.
      const requested = await requestEmailChange(
        db,
        { userId: user.id, oldEmail: user.email, newEmail },
        { isAddressFree: !(await hasAccount(db, newEmail)) },
      );
      if (requested.outcome === 'undoable') {
        const message = emailChangeMessages.changedRecently(requested.until);
        return c.json({ message, code: 'changed_recently' }, 400);
      }
      if (requested.token) {
        const url = emailChangeConfirmUrl(baseUrl, requested.token);
        mailer.sendInBackground(mailTemplates.confirmNewEmail(newEmail, url));
      }
      // Whoever holds the password now, the other devices are signed out and the old address
      // hears of it (and how to take the account back) before the new one is confirmed.
      const revoked = await revokeOtherSessions(db, user.id, user.sessionId);
      mailer.sendInBackground(mailTemplates.emailChangeNotice(user.email, newEmail, `${baseUrl}/forgot-password`));
      logRequestEvent(c, 'email.change-requested', { userId: user.id, outcome: 'confirmation-sent', revoked });
      return c.json({ message: accountMessages.emailChangeSent }, 200);
    })
    .openapi(sessionsRoute, async (c) => {
      const { id, sessionId } = c.var.user;
      return c.json({ sessions: await listActiveSessions(db, id, sessionId) }, 200);
    })
    .openapi(revokeOtherSessionsRoute, async (c) => {
      const { id, sessionId } = c.var.user;
      const revoked = await revokeOtherSessions(db, id, sessionId);
      await revokePendingEmailChanges(db, id);
      logRequestEvent(c, 'sessions.revoked', { userId: id, outcome: 'signed-out-elsewhere', revoked });
      return c.json({ message: sessionMessages.revoked(revoked), revoked }, 200);
    });
}
