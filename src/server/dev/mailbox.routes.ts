import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http';
import { isLoopback } from '../http';

// URL.hostname keeps the brackets of an IPv6 address.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A request made on this machine. The socket's address decides: it must be loopback. The headers
 * can only refuse, never admit: a request relayed by a proxy (which connects from loopback too) is
 * refused, and so is one addressed to another host name (DNS rebinding points a stranger's name at
 * 127.0.0.1). A forged `Host: 127.0.0.1` from elsewhere changes nothing.
 */
export function isLocalRequest(ip: string, url: string, headers: Headers): boolean {
  const host = new URL(url).hostname.toLowerCase();
  const isRelayed = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'].some((name) => headers.has(name));
  return isLoopback(ip) && LOCAL_HOSTS.has(host) && !isRelayed;
}
import type { Mailer } from '../mail/mailer';

/**
 * The local outbox's pages, mounted only on a developer's machine (env.ts, hasDevMailbox: no
 * SMTP_URL, a loopback BASE_URL, no MAIL_OUTBOX=allow), and responding only to requests from that
 * machine: confirmation and reset links must never be readable from the network.
 */
export function mailboxRoutes(mailer: Mailer) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      if (!isLocalRequest(c.var.clientIp, c.req.url, c.req.raw.headers)) return c.text('Not found', 404);
      await next();
    })
    .get('/mailbox.json', async (c) => c.json(await mailer.listOutbox()))
    .get('/mailbox', async (c) => {
      const mails = await mailer.listOutbox();
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>Ticklist outbox</title>
            </head>
            <body style="font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem">
              <h1>Local outbox</h1>
              <p>Mail is kept here because no SMTP_URL is set. Newest first.</p>
              ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
              ${mails.map(
                (mail) =>
                  html`<article style="border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0">
                    <p><strong>${mail.subject}</strong><br />To: ${mail.to}<br /><small>${mail.sentAt}</small></p>
                    <pre style="white-space:pre-wrap">${mail.text}</pre>
                  </article>`,
              )}
            </body>
          </html>`,
      );
    });
}
