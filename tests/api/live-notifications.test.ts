import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { freePort, startServerProcess, type ServerProcess } from '../setup/server-process';
import { createTestDatabase } from '../setup/test-database';

// Two app processes on one database: a like served by one reaches the live stream held by the other.

let processes: ServerProcess[] = [];
let author: CreatedUser;
let fan: CreatedUser;
let listId: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-live-'));

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  author = await createUser(db, { username: 'live_author' });
  fan = await createUser(db, { username: 'live_fan' });
  listId = (await makeChecklist(db, author.id, { title: 'Live list' })).id;
  const env = { DATABASE_URL: url, AUTH_SECRET: 'live-test-secret-live-test-secret-0123', DATA_DIR: dataDir };
  // Each its own port from the system: the port after a free one may be another test's.
  const ports = [await freePort(), await freePort()];
  while (ports[1] === ports[0]) ports[1] = await freePort();
  processes = await Promise.all(ports.map((port) => startServerProcess(env, port)));
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(server: ServerProcess, user: CreatedUser): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Reads Server-Sent Events from a stream until one matches. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  buffer: { text: string },
  event: string,
): Promise<string> {
  const decoder = new TextDecoder();
  for (;;) {
    const blocks = buffer.text.split('\n\n');
    buffer.text = blocks.pop() ?? '';
    for (const block of blocks) {
      const name = block.match(/^event: (.*)$/m)?.[1];
      const data = block.match(/^data: (.*)$/m)?.[1] ?? '';
      if (name === event) {
        buffer.text = [...blocks.slice(blocks.indexOf(block) + 1), buffer.text].join('\n\n');
        return data;
      }
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer.text += decoder.decode(value, { stream: true });
  }
}

describe('live notifications across app processes', () => {
  it('the badge count on a stream held by one process rises when another serves the like', async () => {
    const [servesLike, holdsStream] = processes as [ServerProcess, ServerProcess];
    const authorCookie = await signIn(holdsStream, author);
    const stream = await fetch(`${holdsStream.baseUrl}/api/notifications/stream`, {
      headers: { cookie: authorCookie },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const buffer = { text: '' };
    expect(JSON.parse(await nextEvent(reader, buffer, 'unread'))).toEqual({ unread: 0 });

    const fanCookie = await signIn(servesLike, fan);
    const like = await fetch(`${servesLike.baseUrl}/api/checklists/${listId}/like`, {
      method: 'PUT',
      headers: { cookie: fanCookie, origin: servesLike.baseUrl },
    });
    expect(like.status).toBe(200);
    expect(JSON.parse(await nextEvent(reader, buffer, 'unread'))).toEqual({ unread: 1 });

    // Reading it on the first process updates the stream held by the second.
    await fetch(`${servesLike.baseUrl}/api/notifications/read-all`, {
      method: 'POST',
      headers: { cookie: await signIn(servesLike, author), origin: servesLike.baseUrl },
    });
    expect(JSON.parse(await nextEvent(reader, buffer, 'unread'))).toEqual({ unread: 0 });
    await reader.cancel();
  }, 30_000);

  it('refuses a visitor', async () => {
    expect((await fetch(`${processes[0]!.baseUrl}/api/notifications/stream`)).status).toBe(401);
  });
});
