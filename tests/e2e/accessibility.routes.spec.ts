import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { axeEveryRoute, settled } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  adminRoutes,
  dashboardRoutes,
  missingThings,
  readerOtherRoutes,
  readerSiteRoutes,
  visitorRoutes,
} from './support/route-table';

/** The narrowest phone, the usual one, and a 1280 px window at 200% zoom. */
const NARROW_WIDTHS = [320, 390, 640] as const;

test.describe('every route of the route table passes axe (WCAG A/AA)', () => {
  test.describe.configure({ mode: 'parallel' });
  let author: CreatedUser;
  let reader: CreatedUser;
  let privateUser: CreatedUser;
  let admin: CreatedUser;
  let authorsList: string;
  let readersList: string;

  test.beforeAll(async ({ db, makeUser, requestAs }) => {
    author = await makeUser({ profileName: 'Route Author' });
    // The longest username there is, and a long address: the screens that show them must still fit a phone.
    const username = `reader_${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.slice(0, 20);
    reader = await makeUser({
      profileName: 'Route Reader',
      username,
      email: `${username}.with.a.long.address@example.test`,
    });
    // A private profile's heading is its username: the longest there is, of the widest letter.
    privateUser = await makeUser({
      profileName: 'Route Private',
      isPublic: false,
      username: `${'w'.repeat(10)}${Math.random().toString(36).slice(2)}`.slice(0, 20),
    });
    admin = await makeUser({ profileName: 'Route Admin', role: 'admin' });
    const list = await makeChecklist(db, author.id, { title: 'Route list', items: ['One', 'Two'] });
    authorsList = list.id;
    readersList = (await makeChecklist(db, reader.id, { title: 'Reader route list' })).id;
    // Unread notifications, so the bell shows a count and the activity feeds have highlighted rows.
    const asAuthor = await requestAs(author);
    expect((await asAuthor.put(`/api/checklists/${readersList}/like`)).status()).toBe(200);
    expect(
      (await asAuthor.post(`/api/checklists/${readersList}/comments`, { data: { content: 'Nice' } })).status(),
    ).toBe(201);
    // A completed item is struck through in a lighter colour: it must still read at 4.5:1.
    const asReader = await requestAs(reader);
    expect((await asReader.put(`/api/checklists/${authorsList}/items/${list.items[0]!.id}/done`)).status()).toBe(200);
    // Someone blocked, so Settings shows its Blocked users list and that profile its Unblock.
    expect((await asReader.put(`/api/users/${privateUser.username}/block`)).status()).toBe(200);
  });

  type RouteIds = ReturnType<typeof ids>;
  const ids = () => ({
    list: authorsList,
    author: author.username,
    othersList: authorsList,
    ownList: readersList,
    reader: reader.username,
    privateUser: privateUser.username,
  });

  /** Who looks at which routes: a visitor, or the reader or the admin signed in. */
  type Group = {
    name: string;
    routes: (ids: RouteIds) => string[];
    as?: () => CreatedUser;
    allow?: RegExp;
  };
  const groups: Group[] = [
    { name: 'signed out', routes: visitorRoutes, allow: missingThings },
    { name: 'signed in, the site', routes: readerSiteRoutes, as: () => reader },
    {
      name: 'signed in, the open pages, other people’s profiles and a missing page',
      routes: readerOtherRoutes,
      as: () => reader,
    },
    { name: 'signed in as an admin, the moderation pages', routes: adminRoutes, as: () => admin },
    { name: 'signed in, the dashboard', routes: dashboardRoutes, as: () => reader },
  ];
  // A few routes a test, so that the two workers share them evenly and no test runs for minutes:
  // each route is looked at in four looks, and a look takes up to two seconds on a slow machine.
  const ROUTES_A_TEST = 4;
  const placeholders: RouteIds = {
    list: '-',
    author: '-',
    othersList: '-',
    ownList: '-',
    reader: '-',
    privateUser: '-',
  };
  for (const group of groups) {
    const parts = Math.ceil(group.routes(placeholders).length / ROUTES_A_TEST);
    for (let part = 0; part < parts; part++) {
      test(`${group.name}, part ${part + 1} of ${parts}`, async ({ page, signIn, allowConsoleErrors }) => {
        test.setTimeout(240_000);
        if (group.allow) allowConsoleErrors(group.allow);
        if (group.as) await signIn(group.as());
        const routes = group.routes(ids()).slice(part * ROUTES_A_TEST, (part + 1) * ROUTES_A_TEST);
        await axeEveryRoute(page, routes);
      });
    }
  }

  // Nothing may scroll sideways on a phone, 320 to 390 px wide, nor in a 1280 px window zoomed to
  // 200%, which lays the page out in 640 CSS pixels. Each route is loaded at the narrowest width, then widened.
  test('every route fits 320, 390 and 640 px without scrolling sideways', async ({
    page,
    signIn,
    allowConsoleErrors,
  }) => {
    test.setTimeout(300_000);
    allowConsoleErrors(missingThings);
    const wide: string[] = [];
    const visit = async (paths: string[]) => {
      for (const path of paths) {
        await page.setViewportSize({ width: NARROW_WIDTHS[0], height: 700 });
        await page.goto(path);
        for (const width of NARROW_WIDTHS) {
          await page.setViewportSize({ width, height: 700 });
          await settled(page);
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          if (scrollWidth > clientWidth) wide.push(`${path} at ${width} px is ${scrollWidth} px wide`);
        }
      }
    };
    await visit(visitorRoutes(ids()));
    await signIn(reader);
    await visit([...readerSiteRoutes(ids()), ...readerOtherRoutes(ids()), ...dashboardRoutes(ids())]);
    await signIn(admin);
    await visit(adminRoutes());
    expect(wide).toEqual([]);
  });
});
