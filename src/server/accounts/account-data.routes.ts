import { createRoute } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import {
  accountDataMessages,
  accountExportSchema,
  deleteAccountSchema,
  exportFileName,
} from '@/domain/accounts/account-data';
import { messageSchema } from '@/domain/api-error';
import type { Database } from '../db/client';
import {
  createRouter,
  errorContent,
  jsonBody,
  jsonContent,
  notSignedInBody,
  perUser,
  signedInAndLimited,
} from '../http';
import { deleteAccount } from './account-data.actions';
import { exportAccountData } from './account-data.queries';
import { isCurrentPassword, type Auth } from './auth';

const route = {
  export: createRoute({
    method: 'get',
    path: '/me/export',
    ...signedInAndLimited(perUser('dataExportPerUser')),
    summary:
      'Download my data: the signed-in user’s profile, lists, progress, comments, library, follows, notifications and badges',
    responses: {
      200: jsonContent(accountExportSchema, 'A JSON file (Content-Disposition: attachment)'),
      401: errorContent('Not signed in'),
      429: errorContent('Too many exports'),
    },
  }),
  delete: createRoute({
    method: 'post',
    path: '/me/delete',
    // A stolen session must not become a way to guess the password.
    ...signedInAndLimited(perUser('accountDeletionPerUser')),
    summary:
      'Delete my account after verifying the password; public lists and comments are deleted or kept as "Deleted user"',
    request: jsonBody(deleteAccountSchema),
    responses: {
      200: jsonContent(messageSchema, 'Deleted; the session cookie is cleared'),
      400: errorContent('Invalid input or wrong password'),
      401: errorContent('Not signed in'),
      429: errorContent('Too many attempts'),
    },
  }),
};

/** The user's own data (decision 013): export it, or delete the account. */
export function accountDataRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return createRouter()
    .openapi(route.export, async (c) => {
      const userId = c.var.user.id;
      const data = await exportAccountData(db, userId);
      if (!data) return c.json(notSignedInBody, 401);
      const now = new Date();
      const username = typeof data.profile.username === 'string' ? data.profile.username : 'user';
      c.header('Content-Disposition', `attachment; filename="${exportFileName(username, now)}"`);
      c.header('Cache-Control', 'no-store');
      return c.json({ exportedAt: now.toISOString(), ...data }, 200);
    })
    .openapi(route.delete, async (c) => {
      const userId = c.var.user.id;
      const input = c.req.valid('json');
      // As change-email does: the current password is verified first.
      if (!(await isCurrentPassword(auth, c, input.password)))
        return c.json({ message: accountDataMessages.wrongPassword, code: 'invalid_password' }, 400);

      const outcome = await deleteAccount(db, userId, { keepPublicContent: input.keepPublicContent });
      if (!outcome.ok) return c.json(notSignedInBody, 401);
      // The sessions went with the user; the browser's cookies go too, as at sign-out.
      for (const name of ['better-auth.session_token', 'better-auth.session_data', 'better-auth.dont_remember']) {
        deleteCookie(c, name, { path: '/' });
        deleteCookie(c, `__Secure-${name}`, { path: '/', secure: true });
      }
      return c.json({ message: accountDataMessages.deleted }, 200);
    });
}
