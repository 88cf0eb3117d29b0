import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// notifications.actions.ts (with notifications-in-writes.ts, the queries it lends to a write's own
// statement) is the only writer of notifications and of their mails, and
// notify-after-commit.ts the only sender of their NOTIFYs (decision 045): a write made elsewhere
// would reach no live stream. This reads every source file of the app and its scripts.

const root = path.resolve(import.meta.dirname, '../../..');
const HOME = 'src/server/notifications/notifications.actions.ts';
/** The notifications a write's own statement makes, as its WITH queries. */
const IN_WRITES = 'src/server/notifications/notifications-in-writes.ts';
const NOTIFIER = 'src/server/notifications/notify-after-commit.ts';
/** Benchmark seeds fill a fresh database in bulk before any app process listens to it. */
const BULK_FIXTURES = ['scripts/bench/seed.ts', 'scripts/bench/seed-bench-user.ts'];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

const files = [...sourceFiles('src'), ...sourceFiles('scripts')].map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));
const filesMatching = (pattern: RegExp) =>
  files
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();

describe('notifications have one home', () => {
  it('reads the sources', () => {
    expect(files.map(({ file }) => file)).toContain(HOME);
  });

  // (Deleting an account renames the actor of others' notifications about it in its own statement:
  // that changes no unread count, so nobody need be notified.)
  it('only notifications.actions.ts inserts, deletes or marks read notifications, and queues their mails', () => {
    expect(filesMatching(/insert\s+into\s+notifications\b|\.insert\(\s*notifications\s*\)/i)).toEqual(
      [...BULK_FIXTURES, HOME, IN_WRITES].sort(),
    );
    expect(filesMatching(/insert\s+into\s+notification_mails\b|\.insert\(\s*notificationMails\s*\)/i)).toEqual([
      IN_WRITES,
    ]);
    expect(
      filesMatching(/\.(update|delete)\(\s*notifications\s*\)|delete\s+from\s+notifications\b|set\s+read_at\b/i),
    ).toEqual([HOME, IN_WRITES].sort());
  });

  it('only notifications.actions.ts records whom to notify, and only notify-after-commit.ts NOTIFYs them', () => {
    expect(filesMatching(/\b(notifyAfterCommit|wakeMailDispatchersAfterCommit)\(/)).toEqual([HOME, NOTIFIER].sort());
    expect(filesMatching(/pg_notify\(\s*(\$\{NOTIFICATION_(MAIL_)?CHANNEL|'ticklist_notification)/)).toEqual([
      NOTIFIER,
    ]);
  });
});
