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

/** The people and lists the routes show, made once a worker and shared by its tests. */
type RouteData = {
  author: CreatedUser;
  reader: CreatedUser;
  privateUser: CreatedUser;
  admin: CreatedUser;
  authorsList: string;
  readersList: string;
};

// A worker-scoped fixture, not a `beforeAll`: in a file whose tests run in parallel, a `beforeAll`
// runs again for every test, and these users and lists would be made once a test.
const routeTest = test.extend<object, { routeData: RouteData }>({
  routeData: [
    async ({ db, makeUser, requestAs }, use) => {
      const author = await makeUser({ profileName: 'Route Author' });
      // The longest username there is, and a long address: the screens that show them must still fit a phone.
      const username = `reader_${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.slice(0, 20);
      const reader = await makeUser({
        profileName: 'Route Reader',
        username,
        email: `${username}.with.a.long.address@example.test`,
      });
      // A private profile's heading is its username: the longest there is, of the widest letter.
      const privateUser = await makeUser({
        profileName: 'Route Private',
        isPublic: false,
        username: `${'w'.repeat(10)}${Math.random().toString(36).slice(2)}`.slice(0, 20),
      });
      const admin = await makeUser({ profileName: 'Route Admin', role: 'admin' });
      const list = await makeChecklist(db, author.id, { title: 'Route list', items: ['One', 'Two'] });
      const readersList = (await makeChecklist(db, reader.id, { title: 'Reader route list' })).id;
      // Unread notifications, so the bell shows a count and the activity feeds have highlighted rows.
      const asAuthor = await requestAs(author);
      expect((await asAuthor.put(`/api/checklists/${readersList}/like`)).status()).toBe(200);
      expect(
        (await asAuthor.post(`/api/checklists/${readersList}/comments`, { data: { content: 'Nice' } })).status(),
      ).toBe(201);
      // A completed item is struck through in a lighter colour: it must still read at 4.5:1.
      const asReader = await requestAs(reader);
      expect((await asReader.put(`/api/checklists/${list.id}/items/${list.items[0]!.id}/done`)).status()).toBe(200);
      // Someone blocked, so Settings shows its Blocked users list and that profile its Unblock.
      expect((await asReader.put(`/api/users/${privateUser.username}/block`)).status()).toBe(200);
      await use({ author, reader, privateUser, admin, authorsList: list.id, readersList });
    },
    { scope: 'worker' },
  ],
});

routeTest.describe('every route of the route table passes axe (WCAG A/AA)', () => {
  routeTest.describe.configure({ mode: 'parallel' });

  type RouteIds = ReturnType<typeof ids>;
  const ids = ({ author, reader, privateUser, authorsList, readersList }: RouteData) => ({
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
    as?: (data: RouteData) => CreatedUser;
    allow?: RegExp;
  };
  const groups: Group[] = [
    { name: 'signed out', routes: visitorRoutes, allow: missingThings },
    { name: 'signed in, the site', routes: readerSiteRoutes, as: (data) => data.reader },
    {
      name: 'signed in, the open pages, other people’s profiles and a missing page',
      routes: readerOtherRoutes,
      as: (data) => data.reader,
    },
    { name: 'signed in as an admin, the moderation pages', routes: adminRoutes, as: (data) => data.admin },
    { name: 'signed in, the dashboard', routes: dashboardRoutes, as: (data) => data.reader },
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
      routeTest(
        `${group.name}, part ${part + 1} of ${parts}`,
        async ({ page, signIn, allowConsoleErrors, routeData }) => {
          routeTest.setTimeout(240_000);
          if (group.allow) allowConsoleErrors(group.allow);
          if (group.as) await signIn(group.as(routeData));
          const routes = group.routes(ids(routeData)).slice(part * ROUTES_A_TEST, (part + 1) * ROUTES_A_TEST);
          await axeEveryRoute(page, routes);
        },
      );
    }
  }

  // Nothing may scroll sideways on a phone, 320 to 390 px wide, nor in a 1280 px window zoomed to
  // 200%, which lays the page out in 640 CSS pixels. Each route is loaded at the narrowest width, then widened.
  routeTest(
    'every route fits 320, 390 and 640 px without scrolling sideways',
    async ({ page, signIn, allowConsoleErrors, routeData }) => {
      routeTest.setTimeout(300_000);
      const { reader, admin } = routeData;
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
      await visit(visitorRoutes(ids(routeData)));
      await signIn(reader);
      await visit([
        ...readerSiteRoutes(ids(routeData)),
        ...readerOtherRoutes(ids(routeData)),
        ...dashboardRoutes(ids(routeData)),
      ]);
      await signIn(admin);
      await visit(adminRoutes());
      expect(wide).toEqual([]);
    },
  );
});
