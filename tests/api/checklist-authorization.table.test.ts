import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { callers, type Caller } from '../setup/callers';
import { createCallers, stateOf, table, visibilities, type Visibility } from '../setup/checklist-authorization';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;
let owner: CreatedUser;
let agents: Record<Caller, Agent>;
let groups: Record<Caller, string | null>;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, agents, groups } = await createCallers(t));
});

describe('who may do what with a checklist', () => {
  for (const visibility of visibilities) {
    for (const [name, call, expected] of table) {
      it(`${name} on a ${visibility} list`, async () => {
        for (const caller of callers) {
          // A fresh list per caller, so one caller's write (delete, edit) cannot change the response to the next one.
          const list = await makeChecklist(t.db, owner.id, { visibility, items: ['A', 'B'] });
          const request = call({ list: list.id, item: list.items[0]!.id, group: groups }, caller);
          const before = await stateOf(t, list.id);
          const response = await agents[caller].request(request.path, { method: request.method, json: request.json });
          expect(response.status, `${caller}: ${request.method} ${request.path}`).toBe(expected[visibility][caller]);
          if (response.status === 404) expect((await response.json()).code).toBe('not_found');
          // A bulk call responds 200 but must report someone else's list as failed, untouched.
          const isBulkRefusal = name.startsWith('bulk') && caller === 'other';
          if (isBulkRefusal) expect((await response.json()).failed).toEqual([list.id]);
          // Whatever the refusal, the list, its visibility and its comments are as they were.
          if (isBulkRefusal || response.status >= 400) expect(await stateOf(t, list.id), caller).toEqual(before);
        }
      });
    }
  }
});

describe('a list’s share preview image (decision 026)', () => {
  // Only public and unlisted lists have one, for everybody alike: the owner of a private list gets
  // the missing list's response too (previews are for links shared with others). Without a version
  // the response is the redirect to the current picture.
  const expected: Record<Visibility, number> = { public: 302, unlisted: 302, private: 404 };
  for (const visibility of visibilities) {
    it(`on a ${visibility} list`, async () => {
      const list = await makeChecklist(t.db, owner.id, { visibility });
      for (const caller of callers) {
        const response = await agents[caller].request(`/preview/checklist/${list.id}.png`);
        expect(response.status, caller).toBe(expected[visibility]);
      }
    });
  }
});
