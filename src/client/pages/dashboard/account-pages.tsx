import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ownProfileMessages, type Me } from '@/domain/accounts/profile';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/ui/load-states';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { ChangePasswordDialog } from '@/client/features/accounts/account-dialogs';
import { ProfileForm, UsernameField } from '@/client/features/accounts/account-tab';
import { ActivityTab } from '@/client/features/notifications/activity-tab';
import { LibraryTab } from '@/client/features/library/library-tab';
import { Section } from '@/client/components/ui/section';
import { EmailNotificationsSwitch, SettingsTab } from '@/client/features/accounts/settings-tab';
import { useAuth } from '@/client/api/use-auth';
import { DashboardPage } from '@/client/components/layout/dashboard-page';

// The dashboard's account screens are the /me tabs' own, working ones.

export function DashboardActivityPage() {
  return (
    <DashboardPage title="Activity">
      <ActivityTab title="Notifications" />
    </DashboardPage>
  );
}

/** The signed-in user's profile for a screen that edits it; a failed load offers Try again. */
function WithProfile({ children }: { children: (me: Me) => ReactNode }) {
  const { profile, isProfileLoading, refreshProfile } = useAuth();
  if (profile) return children(profile);
  if (isProfileLoading) return <FullPageSpinner />;
  return (
    <DashboardPage>
      <LoadError onRetry={() => void refreshProfile()}>{ownProfileMessages.loadFailed}</LoadError>
    </DashboardPage>
  );
}

export function DashboardSettingsPage() {
  return (
    <WithProfile>
      {(me) => (
        <DashboardPage title="Settings">
          <SettingsTab me={me} />
        </DashboardPage>
      )}
    </WithProfile>
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
 * The dashboard's Profile: display name, username, avatar, public-profile switch, and (real here, not
 * disabled) the e-mail notifications switch and Change Password.
 */
export function DashboardProfilePage() {
  return <WithProfile>{(me) => <ProfileEditor profile={me} />}</WithProfile>;
}

function ProfileEditor({ profile }: { profile: Me }) {
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <DashboardPage title="Profile">
      <ProfileForm me={profile} title="Public profile" />
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
