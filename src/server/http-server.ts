import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAuth } from './accounts/auth';
import { createApp, type Lifecycle } from './app';
import type { Database } from './db/client';
import { resolveAuthSecret, type Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { createNotificationHub } from './notifications/live';
import { builtPageBodyRenderer } from './public-face/page-body';

/** How long a stop waits for requests in flight. */
export const STOP_GRACE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type HttpServer = {
  /**
   * Graceful stop: /api/ready responds 503 at once; no new connections; event streams end with a
   * reconnect hint; requests in flight finish (at most STOP_GRACE_MS). Resolves when they have.
   */
  stop: () => Promise<void>;
};

/**
 * The app on PORT: what a single process runs, and what each worker of a cluster runs (in a
 * worker, Node's cluster module shares the port; decision 023).
 */
export function startHttpServer(deps: {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  database: Lifecycle['database'];
  onListening: (port: number) => void;
  onListenError: (error: Error) => void;
}): HttpServer {
  const { env, db, mailer, logger } = deps;
  const secret = resolveAuthSecret(env);
  const auth = createAuth({ db, env, secret, mailer, logger });
  const serverDir = path.dirname(fileURLToPath(import.meta.url));
  const clientDir = path.resolve(serverDir, '../client');
  const hub = createNotificationHub(db, logger);
  let isStopping = false;
  const lifecycle = { database: deps.database, isStopping: () => isStopping };
  const renderPageBody = builtPageBodyRenderer(serverDir);
  const app = createApp({ db, env, auth, secret, mailer, logger, hub, clientDir, renderPageBody, lifecycle });
  const server = serve({ fetch: app.fetch, port: env.port }, (info) => deps.onListening(info.port));
  server.on('error', deps.onListenError);

  return {
    stop: async () => {
      isStopping = true;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      await hub.close();
      const nodeServer = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
      nodeServer.closeIdleConnections?.();
      const isDrained = await Promise.race([drained.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!isDrained) {
        logger.warn({ afterMs: STOP_GRACE_MS }, 'requests still running at the end of the grace period; closing them');
        nodeServer.closeAllConnections?.();
      }
    },
  };
}
