import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { ChangePasswordDialog } from '@/client/features/accounts/me/account-dialogs';
import { ProfileForm, UsernameField } from '@/client/features/accounts/me/account-tab';
import { ActivityTab } from '@/client/features/accounts/me/activity-tab';
import { LibraryTab } from '@/client/features/accounts/me/library-tab';
import { Section } from '@/client/features/accounts/me/section';
import { EmailNotificationsSwitch, SettingsTab } from '@/client/features/accounts/me/settings-tab';
import { useAuth } from '@/client/features/accounts/use-auth';
import { DashboardPage } from './dashboard-page';

// The dashboard's account screens are the /me tabs' real ones (the spec's were placeholders).

export function DashboardActivityPage() {
  return (
    <DashboardPage title="Activity">
      <ActivityTab />
    </DashboardPage>
  );
}

export function DashboardSettingsPage() {
  const { profile } = useAuth();
  if (!profile) return <FullPageSpinner />;
  return (
    <DashboardPage title="Settings">
      <SettingsTab me={profile} />
    </DashboardPage>
  );
}

/** Collections: the user's library groups as cards with their lists, and the List Library's actions. */
export function DashboardCollectionsPage() {
  return (
    <DashboardPage title="Collections">
      <LibraryTab title="Your groups" description="Your list groups and the lists you keep in them." />
    </DashboardPage>
  );
}

/**
 * Spec §2.11 "Profile": display name, username, avatar, public-profile switch, and (real here, not
 * disabled) the e-mail notifications switch and Change Password.
 */
export function DashboardProfilePage() {
  const { profile } = useAuth();
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!profile) return <FullPageSpinner />;
  return (
    <DashboardPage title="Profile">
      <ProfileForm me={profile} />
      <Section title="Account">
        <UsernameField current={profile.username} />
        <div className="mt-6 border-t border-slate-100 pt-6 dark:border-slate-800">
          <EmailNotificationsSwitch me={profile} onFailure={setFailure} />
          {failure ? (
            <Alert tone="error" className="mt-3">
              {failure}
            </Alert>
          ) : null}
        </div>
        <div className="mt-6 border-t border-slate-100 pt-6 dark:border-slate-800">
          <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
            <KeyRound className="h-4 w-4" aria-hidden />
            Change Password
          </Button>
        </div>
      </Section>
      <ChangePasswordDialog isOpen={isPasswordOpen} onOpenChange={setPasswordOpen} />
    </DashboardPage>
  );
}
