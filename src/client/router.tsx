import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { AppFrame, SiteLayout } from '@/client/pages/layout/root-layout';
import { RequireAuth, SignedOutOnly } from '@/client/features/accounts/guards';
import { lazyPage } from '@/client/lib/lazy-page';

// Every screen is its own chunk, loaded when its route is first shown, so the first load of a
// public page stays small (`npm run size` holds it to its budget). The frame above stays on
// screen meanwhile: `AnimatedMain` suspends around the page, see root-layout.tsx.
const LandingPage = lazyPage(() => import('@/client/features/marketing/landing-page'), 'LandingPage');
const AboutPage = lazyPage(() => import('@/client/features/marketing/about-page'), 'AboutPage');
const TermsPage = lazyPage(() => import('@/client/features/legal/legal-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/client/features/legal/legal-pages'), 'PrivacyPage');
const LoginPage = lazyPage(() => import('@/client/features/accounts/login-page'), 'LoginPage');
const SignUpPage = lazyPage(() => import('@/client/features/accounts/sign-up-page'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/client/features/accounts/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(() => import('@/client/features/accounts/reset-password-page'), 'ResetPasswordPage');
const EmailChangePage = lazyPage(() => import('@/client/features/accounts/email-change-page'), 'EmailChangePage');
const BrowsePage = lazyPage(() => import('@/client/features/checklists/browse-page'), 'BrowsePage');
const ChecklistDetailPage = lazyPage(() => import('@/client/pages/checklist-detail-page'), 'ChecklistDetailPage');
const ChecklistPrintPage = lazyPage(
  () => import('@/client/features/checklists/checklist-print-page'),
  'ChecklistPrintPage',
);
const UpstreamReviewPage = lazyPage(
  () => import('@/client/features/checklists/upstream-review-page'),
  'UpstreamReviewPage',
);
const CreateChecklistPage = lazyPage(
  () => import('@/client/features/checklists/create-checklist-page'),
  'CreateChecklistPage',
);
const EditChecklistPage = lazyPage(
  () => import('@/client/features/checklists/edit-checklist-page'),
  'EditChecklistPage',
);
const VersionHistoryPage = lazyPage(
  () => import('@/client/features/checklists/version-history-page'),
  'VersionHistoryPage',
);
const RequireOwner = lazyPage(() => import('@/client/features/checklists/require-owner'), 'RequireOwner');
const ProfilePage = lazyPage(() => import('@/client/pages/profile-page'), 'ProfilePage');
const MePage = lazyPage(() => import('@/client/pages/me-page'), 'MePage');
const ModerationPage = lazyPage(() => import('@/client/pages/moderation-page'), 'ModerationPage');
const NotFoundPage = lazyPage(() => import('@/client/features/site/not-found-page'), 'NotFoundPage');
const DashboardLayout = lazyPage(() => import('@/client/pages/dashboard/dashboard-layout'), 'DashboardLayout');
const DashboardHomePage = lazyPage(() => import('@/client/pages/dashboard/home-page'), 'DashboardHomePage');
const CreateWizardPage = lazyPage(() => import('@/client/pages/dashboard/create-wizard-page'), 'CreateWizardPage');
const DiscoverPage = lazyPage(() => import('@/client/pages/dashboard/discover-page'), 'DiscoverPage');
const DashboardChecklistPage = lazyPage(
  () => import('@/client/pages/dashboard/dashboard-detail-page'),
  'DashboardChecklistPage',
);
const DashboardListsPage = lazyPage(() => import('@/client/pages/dashboard/lists-page'), 'DashboardListsPage');
const DashboardCollectionsPage = lazyPage(
  () => import('@/client/pages/dashboard/account-pages'),
  'DashboardCollectionsPage',
);
const DashboardProfilePage = lazyPage(() => import('@/client/pages/dashboard/account-pages'), 'DashboardProfilePage');
const DashboardActivityPage = lazyPage(() => import('@/client/pages/dashboard/account-pages'), 'DashboardActivityPage');
const DashboardSettingsPage = lazyPage(() => import('@/client/pages/dashboard/account-pages'), 'DashboardSettingsPage');
const BadgesPage = lazyPage(() => import('@/client/pages/dashboard/badges-page'), 'BadgesPage');
const ModerationAuditPage = lazyPage(() => import('@/client/pages/moderation-audit-page'), 'ModerationAuditPage');
const ModerationRolesPage = lazyPage(() => import('@/client/pages/moderation-roles-page'), 'ModerationRolesPage');

function MeRoute() {
  const [params] = useSearchParams();
  return <MePage tab={params.get('tab')} />;
}

// The route table: every address of the app, with its guards.
const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          {
            path: '/',
            element: (
              <SignedOutOnly>
                <LandingPage />
              </SignedOutOnly>
            ),
          },
          // LoginPage applies the signed-out-only rule itself (see its comment).
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignUpPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/email-change', element: <EmailChangePage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/browse', element: <BrowsePage /> },
          { path: '/checklist/:id', element: <ChecklistDetailPage /> },
          { path: '/checklist/:id/print', element: <ChecklistPrintPage /> },
          {
            path: '/checklist/:id/upstream',
            element: (
              <RequireAuth>
                <RequireOwner>
                  <UpstreamReviewPage />
                </RequireOwner>
              </RequireAuth>
            ),
          },
          {
            path: '/create',
            element: (
              <RequireAuth>
                <CreateChecklistPage />
              </RequireAuth>
            ),
          },
          {
            path: '/edit-checklist/:id',
            element: (
              <RequireAuth>
                <RequireOwner>
                  <EditChecklistPage />
                </RequireOwner>
              </RequireAuth>
            ),
          },
          {
            path: '/checklist/:id/versions',
            element: (
              <RequireAuth>
                <RequireOwner>
                  <VersionHistoryPage />
                </RequireOwner>
              </RequireAuth>
            ),
          },
          { path: '/user/:username', element: <ProfilePage /> },
          { path: '/me', element: <MeRoute /> },
          // Moderators and admins; anyone else sees the not-found page (the API answers them 404).
          { path: '/moderation', element: <ModerationPage /> },
          // Admins only: anyone else, visitors too, finds no such page, as the API responds 404.
          { path: '/moderation/audit', element: <ModerationAuditPage /> },
          { path: '/moderation/roles', element: <ModerationRolesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The dashboard has its own shell; signed-in only, a visitor goes to /login and back.
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: 'create', element: <CreateWizardPage /> },
          { path: 'discover', element: <DiscoverPage /> },
          { path: 'discover/:id', element: <DashboardChecklistPage from="discover" /> },
          { path: 'lists', element: <DashboardListsPage /> },
          { path: 'lists/:id', element: <DashboardChecklistPage from="lists" /> },
          { path: 'collections', element: <DashboardCollectionsPage /> },
          { path: 'badges', element: <BadgesPage /> },
          { path: 'profile', element: <DashboardProfilePage /> },
          { path: 'activity', element: <DashboardActivityPage /> },
          { path: 'settings', element: <DashboardSettingsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The app's screens, in React Router's declarative mode (`<BrowserRouter>` in main.tsx): the app
 * uses no loader, action or fetcher, and the data router would add some 17 KB (gzip) to every
 * page's first load (decision 019).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the lazily loaded screens (and the guards around them) that the route at `pathname` shows. */
export async function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<void>[] = [];
  const visit = (node: ReactNode) => {
    if (!isValidElement<{ children?: ReactNode }>(node)) return;
    const { preload } = node.type as { preload?: () => Promise<void> };
    if (preload) loads.push(preload());
    visit(node.props.children);
  };
  for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route.element);
  await Promise.all(loads);
}
