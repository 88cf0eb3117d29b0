import { createBrowserRouter, useSearchParams } from 'react-router';
import { AppFrame, SiteLayout } from '@/client/pages/layout/root-layout';
import { ForgotPasswordPage } from '@/client/features/accounts/forgot-password-page';
import { RequireAuth, SignedOutOnly } from '@/client/features/accounts/guards';
import { LoginPage } from '@/client/features/accounts/login-page';
import { MePage } from '@/client/pages/me-page';
import { ResetPasswordPage } from '@/client/features/accounts/reset-password-page';
import { SignUpPage } from '@/client/features/accounts/sign-up-page';
import { BrowsePage } from '@/client/features/checklists/browse-page';
import { ChecklistDetailPage } from '@/client/pages/checklist-detail-page';
import { CreateChecklistPage } from '@/client/features/checklists/create-checklist-page';
import { EditChecklistPage } from '@/client/features/checklists/edit-checklist-page';
import { RequireOwner } from '@/client/features/checklists/require-owner';
import { AboutPage } from '@/client/features/marketing/about-page';
import { LandingPage } from '@/client/features/marketing/landing-page';
import {
  DashboardActivityPage,
  DashboardCollectionsPage,
  DashboardProfilePage,
  DashboardSettingsPage,
} from '@/client/pages/dashboard/account-pages';
import { BadgesPage } from '@/client/pages/dashboard/badges-page';
import { CreateWizardPage } from '@/client/pages/dashboard/create-wizard-page';
import { DashboardChecklistPage } from '@/client/pages/dashboard/dashboard-detail-page';
import { DashboardLayout } from '@/client/pages/dashboard/dashboard-layout';
import { DiscoverPage } from '@/client/pages/dashboard/discover-page';
import { DashboardHomePage } from '@/client/pages/dashboard/home-page';
import { DashboardListsPage } from '@/client/pages/dashboard/lists-page';
import { NotFoundPage } from '@/client/features/site/not-found-page';
import { ProfilePage } from '@/client/pages/profile-page';

function MeRoute() {
  const [params] = useSearchParams();
  return <MePage tab={params.get('tab')} />;
}

// Spec §2.1, the whole route table with its guards.
export const router = createBrowserRouter([
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
          { path: '/about', element: <AboutPage /> },
          { path: '/browse', element: <BrowsePage /> },
          { path: '/checklist/:id', element: <ChecklistDetailPage /> },
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
          { path: '/user/:username', element: <ProfilePage /> },
          { path: '/me', element: <MeRoute /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // Spec §2.11: the dashboard has its own shell; signed-in only, a visitor goes to /login and back.
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
]);
