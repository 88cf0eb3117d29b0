import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { listenOn, type Listening } from '../db/listen';
import { restartDelay } from '../db/embedded-postgres';
import type { Logger } from '../logger';
import { countUnread } from './notifications.queries';

export const NOTIFICATION_CHANNEL = 'ticklist_notifications';
/** Carries the places (lock keys) of streams that newer streams of their user have displaced. */
export const STREAM_PLACES_CHANNEL = 'ticklist_stream_places';

/** A stream's side of a subscription. */
export type Subscriber = {
  /** The user's unread count, whenever their notifications may have changed. */
  onUnread: (unread: number) => void;
  /** The hub is closing (the process stops): the stream should end and the client reconnect. */
  onEnd: () => void;
  /**
   * Newer streams of the same user, on any app process, leave this one beyond `perUser`: it should
   * end for good. Only for a subscription given `perUser`.
   */
  onDisplaced?: () => void;
};

export type NotificationHub = {
  /**
   * Sends `subscriber` the user's unread count whenever their notifications change. With
   * `perUser`, the stream also takes a place among its user's streams on every process sharing the
   * database, and the user's streams beyond the newest `perUser` are displaced (decision 043).
   * Resolves once that is settled.
   */
  subscribe: (userId: string, subscriber: Subscriber, options?: { perUser?: number }) => Promise<() => void>;
  /** Ends every stream (each asked to reconnect) and stops listening. */
  close: () => Promise<void>;
};

/**
 * Decision 043: a stream's place is a session-level advisory lock on the hub's connection, its
 * 64-bit key a 40-bit hash of the user id followed by a 24-bit ticket, the millisecond it opened
 * (modulo 2^24, about 4.7 hours). The database lists every process's locks (pg_locks), so the
 * process that opens a stream sees all of its user's streams and their order; a process that ends
 * or loses its connection gives up its places with it.
 */
const TICKET_BITS = 24;
const TICKET_SPAN = 2 ** TICKET_BITS;
const HALF_SPAN = TICKET_SPAN / 2;
/** Tickets are compared within half their span, so a stream must end younger than that. */
export const MAX_ORDERED_STREAM_AGE_MS = HALF_SPAN;

const userKeyOf = (userId: string) => BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 10)}`);
const lockKeyOf = (userKey: bigint, ticket: number) =>
  BigInt.asIntN(64, (userKey << BigInt(TICKET_BITS)) | BigInt(ticket));
/** How pg_locks shows a bigint key: its high 32 bits as `classid`, its low 32 as `objid`. */
const lockedUser = (userKey: bigint) => ({ classid: Number(userKey >> 8n), objidHigh: Number(userKey & 0xffn) });
/** How long before `now` a ticket was taken, in ms (negative for a clock ahead of ours). */
const ticketAge = (ticket: number, now: number) =>
  ((((now - ticket + HALF_SPAN) % TICKET_SPAN) + TICKET_SPAN) % TICKET_SPAN) - HALF_SPAN;

/** The tickets beyond the newest `perUser`, oldest first. */
export function ticketsOverCap(tickets: readonly number[], perUser: number, now: number): number[] {
  const newestFirst = [...tickets].sort((x, y) => ticketAge(x, now) - ticketAge(y, now));
  return newestFirst.slice(perUser).reverse();
}

/** The advisory locks that are stream places in this database, of the users given by their lock key prefix. */
const PLACES_OF_USERS = `
  select l.classid::bigint as classid, l.objid::bigint as objid, l.pid = pg_backend_pid() as mine
  from pg_locks l
  where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
    and l.database = (select oid from pg_database where datname = current_database())`;

type Place = {
  userId: string;
  userKey: bigint;
  key: bigint;
  perUser: number;
  subscriber: Subscriber;
  /** The connection whose session holds the lock, if any. */
  heldOn: Listening | null;
  isReleased: boolean;
};

type LockRow = { classid: string; objid: string; mine: boolean };

/**
 * One LISTEN connection per app process, shared by all of its streams. PostgreSQL delivers each
 * NOTIFY (sent after commit, notify-after-commit.ts) to every listening process, so a like served
 * by one process reaches a stream held by another. The connection is opened with the first stream.
 * When it is lost (the database restarts, fails over, or ends the session), the hub listens again
 * with back-off until it can, and then sends every open stream its count afresh, since NOTIFYs sent
 * meanwhile were not heard, and takes its streams' places again (decision 043).
 */
export function createNotificationHub(db: Database, logger: Logger): NotificationHub {
  const subscribers = new Map<string, Set<Subscriber>>();
  /** The places of this process's streams, by lock key. */
  const places = new Map<bigint, Place>();
  let listening: Listening | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let isClosed = false;
  let lastTicketTime = 0;

  const sendCount = async (userId: string) => {
    const userSubscribers = subscribers.get(userId);
    if (!userSubscribers?.size) return;
    try {
      const unread = await countUnread(db, userId);
      for (const subscriber of userSubscribers) subscriber.onUnread(unread);
    } catch (error) {
      logger.warn({ err: error }, 'could not count unread notifications');
    }
  };

  /** Ends this process's streams named by `keys`, and notifies the other processes of theirs. */
  const displace = async (connection: Listening, keys: bigint[]) => {
    const elsewhere: bigint[] = [];
    for (const key of keys) {
      const place = places.get(key);
      if (place) place.subscriber.onDisplaced?.();
      else elsewhere.push(key);
    }
    if (elsewhere.length === 0) return;
    await connection.query('select pg_notify($1, $2)', [STREAM_PLACES_CHANNEL, elsewhere.join(',')]);
  };

  /**
   * The streams beyond their user's cap, from the places held now: every process's, less those of
   * this process's streams that have already ended (their locks are being let go).
   */
  const overCap = (rows: LockRow[], users: Map<bigint, number>): bigint[] => {
    const ticketsOf = new Map<bigint, number[]>();
    for (const row of rows) {
      const key = (BigInt(row.classid) << 32n) | BigInt(row.objid);
      const userKey = key >> BigInt(TICKET_BITS);
      if (!users.has(userKey) || (row.mine && !places.has(BigInt.asIntN(64, key)))) continue;
      ticketsOf.set(userKey, [...(ticketsOf.get(userKey) ?? []), Number(key & BigInt(TICKET_SPAN - 1))]);
    }
    const now = Date.now() % TICKET_SPAN;
    return [...ticketsOf].flatMap(([userKey, tickets]) =>
      ticketsOverCap(tickets, users.get(userKey)!, now).map((ticket) => lockKeyOf(userKey, ticket)),
    );
  };

  /** A ticket later than any this process has given, even within a millisecond. */
  const nextTicket = () => {
    lastTicketTime = Math.max(Date.now(), lastTicketTime + 1);
    return lastTicketTime % TICKET_SPAN;
  };

  /**
   * Takes the place's lock and reads its user's places, in one statement: the lock first (a left
   * join on `true` is a nested loop that reads its right side after its left row), so that of two
   * streams opening at once on two processes, at least the later reader sees both.
   */
  const take = async (place: Place, connection: Listening): Promise<void> => {
    const { classid, objidHigh } = lockedUser(place.userKey);
    for (let attempt = 1; ; attempt++) {
      const result = await connection.query<LockRow & { taken: boolean }>(
        `select taken.ok as taken, held.classid, held.objid, held.mine
         from (select pg_try_advisory_lock($1::bigint) as ok offset 0) taken
         left join lateral (${PLACES_OF_USERS}
           and l.classid = $2::bigint::oid and (l.objid::bigint >> ${TICKET_BITS}) = $3 and taken.ok) held on true`,
        [place.key.toString(), classid, objidHigh],
      );
      if (result.rows[0]?.taken) {
        if (place.isReleased) {
          await connection.query('select pg_advisory_unlock($1::bigint)', [place.key.toString()]);
          return;
        }
        place.heldOn = connection;
        const rows = result.rows.filter((row) => row.classid !== null);
        return displace(connection, overCap(rows, new Map([[place.userKey, place.perUser]])));
      }
      if (place.isReleased) return;
      if (attempt === 3) {
        logger.warn({ userId: place.userId }, 'a stream could not take a place; only this process’s cap holds it');
        return;
      }
      // Another process holds this very key (a stream of the same user in the same millisecond).
      places.delete(place.key);
      place.key = lockKeyOf(place.userKey, nextTicket());
      places.set(place.key, place);
    }
  };

  const release = (place: Place) => {
    if (place.isReleased) return;
    place.isReleased = true;
    places.delete(place.key);
    const connection = place.heldOn;
    place.heldOn = null;
    // A lock held on a connection since lost went with it; a closing hub ends its connection.
    if (connection && connection === listening && !isClosed) {
      connection
        .query('select pg_advisory_unlock($1::bigint)', [place.key.toString()])
        .catch((error: unknown) => logger.warn({ err: error }, 'could not let a stream’s place go'));
    }
  };

  /**
   * Back on a new connection: takes every open stream's place again, then ends the streams that
   * are beyond their user's cap now (other processes may have opened newer ones meanwhile).
   */
  const takePlacesAgain = async (connection: Listening) => {
    const open = [...places.values()];
    if (open.length === 0) return;
    const result = await connection.query<{ key: string; taken: boolean }>(
      'select key::text, pg_try_advisory_lock(key) as taken from unnest($1::bigint[]) as key',
      [open.map((place) => place.key.toString())],
    );
    const taken = new Set(result.rows.filter((row) => row.taken).map((row) => BigInt(row.key)));
    const users = new Map<bigint, number>();
    for (const place of open) {
      if (!taken.has(place.key)) continue;
      if (place.isReleased) {
        await connection.query('select pg_advisory_unlock($1::bigint)', [place.key.toString()]);
        continue;
      }
      place.heldOn = connection;
      users.set(place.userKey, place.perUser);
    }
    if (users.size === 0) return;
    const held = await connection.query<LockRow>(`${PLACES_OF_USERS} and l.classid = any($1::bigint[]::oid[])`, [
      [...users.keys()].map((userKey) => lockedUser(userKey).classid),
    ]);
    await displace(connection, overCap(held.rows, users));
  };

  const listen = (): Promise<void> => {
    connecting ??= (async () => {
      const opened = await listenOn(db, [NOTIFICATION_CHANNEL, STREAM_PLACES_CHANNEL], {
        onNotification: (payload, channel) => {
          if (channel === STREAM_PLACES_CHANNEL) {
            const keys = (payload ?? '').split(',').filter((key) => /^-?\d{1,20}$/.test(key));
            for (const key of keys) places.get(BigInt(key))?.subscriber.onDisplaced?.();
          } else if (payload) void sendCount(payload);
        },
        onLost: (error) => {
          logger.warn({ err: error.message }, 'notification listener lost its connection; listening again');
          listening = null;
          connecting = null;
          listenAgain(0);
        },
      });
      listening = opened;
      // Listening before taking the places again: a process that reads ours afterwards and finds
      // one of them beyond the cap can notify us.
      takePlacesAgain(opened).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not take the places of open streams again'),
      );
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };

  const listenAgain = (attempt: number) => {
    if (isClosed || subscribers.size === 0) return;
    retryTimer = setTimeout(() => {
      listen().then(
        async () => {
          logger.info({ attempt: attempt + 1 }, 'notification listener is listening again');
          for (const userId of [...subscribers.keys()]) await sendCount(userId);
        },
        () => listenAgain(attempt + 1),
      );
    }, restartDelay(attempt));
    retryTimer.unref();
  };

  return {
    subscribe: async (userId, subscriber, { perUser } = {}) => {
      await listen();
      const userSubscribers = subscribers.get(userId) ?? new Set<Subscriber>();
      userSubscribers.add(subscriber);
      subscribers.set(userId, userSubscribers);
      let place: Place | null = null;
      if (perUser !== undefined) {
        const userKey = userKeyOf(userId);
        const key = lockKeyOf(userKey, nextTicket());
        place = { userId, userKey, key, perUser, subscriber, heldOn: null, isReleased: false };
        places.set(key, place);
        const connection = listening;
        // Without the database the stream still opens; this process's own cap holds meanwhile, and
        // the place is taken when the connection is back.
        if (connection) {
          await take(place, connection).catch((error: unknown) =>
            logger.warn({ err: error }, 'could not take a stream’s place'),
          );
        }
      }
      return () => {
        userSubscribers.delete(subscriber);
        if (userSubscribers.size === 0) subscribers.delete(userId);
        if (place) release(place);
      };
    },
    close: async () => {
      isClosed = true;
      clearTimeout(retryTimer);
      for (const userSubscribers of subscribers.values()) for (const subscriber of userSubscribers) subscriber.onEnd();
      subscribers.clear();
      places.clear();
      await connecting?.catch(() => undefined);
      // Ending the connection lets every place go at once.
      await listening?.close();
      listening = null;
    },
  };
}
