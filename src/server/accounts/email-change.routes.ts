import { createRoute } from '@hono/zod-openapi';
import {
  emailChangeLinkSchema,
  emailChangeMessages,
  emailChangeResultPath,
  emailChangeUndoPath,
} from '@/domain/accounts/email-change';
import { messageSchema } from '@/domain/api-error';
import { createRouter, errorContent, jsonBody, jsonContent, limited, perAddress } from '../http';
import { mailTemplates } from '../mail/templates';
import { logRequestEvent } from '../security/security-events';
import type { AccountRoutesDeps } from './auth';
import { confirmEmailChange, undoEmailChange } from './email-change.actions';

/** The address of the link mailed to a new address to confirm it (decision 044). */
export const EMAIL_CHANGE_CONFIRM_PATH = '/api/accounts/email-change/confirm';

const confirmRoute = createRoute({
  method: 'get',
  path: '/email-change/confirm',
  ...limited(perAddress('emailChangeLinkPerIp')),
  summary: 'Open the link mailed to a new address: completes the change and redirects to the e-mail change page',
  request: { query: emailChangeLinkSchema },
  responses: {
    302: { description: 'To /email-change?result=confirmed, invalid or taken' },
    429: errorContent('Too many links opened'),
  },
});

const undoRoute = createRoute({
  method: 'post',
  path: '/email-change/undo',
  ...limited(perAddress('emailChangeLinkPerIp')),
  summary:
    'Restore the address an e-mail change replaced, from the link mailed there: every session ends, the password is replaced and a reset link is mailed',
  request: jsonBody(emailChangeLinkSchema),
  responses: {
    200: jsonContent(messageSchema, 'Restored'),
    400: errorContent('Invalid or expired link, or the address belongs to another account now'),
    429: errorContent('Too many links opened'),
  },
});

export function emailChangeRoutes({ db, auth, mailer, baseUrl }: AccountRoutesDeps) {
  return createRouter()
    .openapi(
      confirmRoute,
      async (c) => {
        const result = await confirmEmailChange(db, c.req.valid('query').token);
        if (result.outcome !== 'changed') {
          logRequestEvent(c, 'email.change-failure', { outcome: `confirm-${result.outcome}` });
          return c.redirect(emailChangeResultPath(result.outcome), 302);
        }
        const { change, undoToken } = result;
        mailer.sendInBackground(
          mailTemplates.emailChanged(change.oldEmail, change.newEmail, `${baseUrl}${emailChangeUndoPath(undoToken)}`),
        );
        logRequestEvent(c, 'email.changed', { userId: change.userId, outcome: 'confirmed' });
        return c.redirect(emailChangeResultPath('confirmed'), 302);
      },
      // A malformed link is a link that does not work: the page says so, as for an expired one.
      (result, c) => (result.success ? undefined : c.redirect(emailChangeResultPath('invalid'), 302)),
    )
    .openapi(undoRoute, async (c) => {
      const result = await undoEmailChange(db, c.req.valid('json').token);
      if (result.outcome !== 'restored') {
        logRequestEvent(c, 'email.change-failure', { outcome: `undo-${result.outcome}` });
        const message = result.outcome === 'taken' ? emailChangeMessages.undoTaken : emailChangeMessages.invalid;
        return c.json({ message, code: `undo_${result.outcome}` }, 400);
      }
      const { change } = result;
      // The password was replaced by one nobody knows: the owner chooses a new one from this link.
      await auth.api.requestPasswordReset({ body: { email: change.oldEmail, redirectTo: '/reset-password' } });
      logRequestEvent(c, 'email.change-undone', { userId: change.userId, outcome: 'restored-sessions-ended' });
      return c.json({ message: emailChangeMessages.undone }, 200);
    });
}

export const emailChangeConfirmUrl = (baseUrl: string, token: string) =>
  `${baseUrl}${EMAIL_CHANGE_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
