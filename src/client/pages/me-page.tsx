import { useQuery } from '@tanstack/react-query';
import { Bell, ChevronDown, Library, ListChecks, Settings, UserRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { greetingName, ownProfileMessages, type Me } from '@/domain/accounts/profile';
import { resolveMeTab, type MeTab } from '@/domain/navigation/routes';
import { Page } from '@/client/components/layout/page';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';
import { Card } from '@/client/components/ui/card';
import { LoadError } from '@/client/components/ui/load-states';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { unreadCountQuery } from '@/client/api/notifications';
import { UnreadPill } from '@/client/features/notifications/unread-pill';
import { cn } from '@/client/lib/cn';
import { useAuth } from '@/client/api/use-auth';
import { AccountTab } from '@/client/features/accounts/account-tab';
import { ActivityTab } from '@/client/features/notifications/activity-tab';
import { LibraryTab } from '@/client/features/library/library-tab';
import { StatsGrid } from '@/client/features/accounts/stats-grid';
import { MyListsTab } from '@/client/features/checklists/my-lists-tab';
import { SettingsTab } from '@/client/features/accounts/settings-tab';
import { paths } from '@/domain/paths';

const menu: { tab: MeTab; label: string; icon: LucideIcon }[] = [
  { tab: 'account', label: 'Account', icon: UserRound },
  { tab: 'my-lists', label: 'List Library', icon: Library },
  { tab: 'created-lists', label: 'My Lists', icon: ListChecks },
  { tab: 'activity', label: 'Activity', icon: Bell },
  { tab: 'settings', label: 'Settings', icon: Settings },
];

/** /me?tab=account|my-lists|created-lists|activity|settings. */
export function MePage({ tab }: { tab: string | null }) {
  const { isLoading, user, profile, isProfileLoading, refreshProfile } = useAuth();
  if (isLoading || (user && isProfileLoading)) return <FullPageSpinner />;
  if (user && !profile) {
    return (
      <Page width="medium">
        <LoadError onRetry={() => void refreshProfile()}>{ownProfileMessages.loadFailed}</LoadError>
      </Page>
    );
  }
  if (!user || !profile) {
    return (
      <Page>
        <Card className="mx-auto max-w-lg p-8 text-center">
          <p className="text-lg font-medium">Please sign in to view your dashboard.</p>
          <Button asChild className="mt-6">
            <Link to={paths.login(paths.me(resolveMeTab(tab)))}>Sign In</Link>
          </Button>
        </Card>
      </Page>
    );
  }
  return <AccountPage me={profile} tab={resolveMeTab(tab)} />;
}

function AccountPage({ me, tab }: { me: Me; tab: MeTab }) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  const current = menu.find((entry) => entry.tab === tab)!;

  const links = (
    <nav aria-label="Account" className="flex flex-col gap-1">
      {menu.map(({ tab: target, label, icon: Icon }) => (
        <Link
          key={target}
          to={paths.me(target)}
          aria-current={target === tab ? 'page' : undefined}
          onClick={() => setMenuOpen(false)}
          className={cn(
            'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            target === tab &&
              'bg-brand-50 text-brand-700 hover:bg-brand-50 dark:bg-slate-800 dark:text-white dark:hover:bg-slate-800',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
          <span className="flex-1">{label}</span>
          {target === 'activity' ? <UnreadPill count={unread} /> : null}
        </Link>
      ))}
    </nav>
  );

  return (
    <Page>
      <header className="flex items-center gap-4">
        <Avatar emoji={me.avatarUrl} size="lg" className="h-16 w-16 text-4xl sm:h-20 sm:w-20 sm:text-5xl" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {greetingName(me.profileName)}
          </h1>
          {/* Wraps rather than truncates, so the link stays on screen beside a long username; the
              link is underlined to stand out from the text around it. */}
          <p className="text-slate-600 dark:text-slate-400">
            <span className="break-all">@{me.username}</span> ·{' '}
            <Link
              to={paths.user(me.username)}
              className="text-brand-600 underline underline-offset-2 dark:text-brand-200"
            >
              View public profile
            </Link>
          </p>
        </div>
      </header>

      {/* Followers, Following, Created, Saved, Cloned and Started, from one call. */}
      <StatsGrid stats={statLabels} className="mt-6" />

      <div className="mt-8 grid gap-6 md:grid-cols-[14rem_1fr]">
        <aside className="hidden md:block">
          <Card className="sticky top-20 p-2">{links}</Card>
        </aside>
        {/* On mobile the menu is a collapsible profile menu. */}
        <Collapsible open={isMenuOpen} onOpenChange={setMenuOpen} className="md:hidden">
          <Card className="p-2">
            <CollapsibleTrigger asChild>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-slate-900 dark:text-white"
              >
                <Avatar emoji={me.avatarUrl} size="sm" />
                <span className="flex-1">
                  <span className="sr-only">Account menu: </span>
                  {current.label}
                </span>
                {unread > 0 && tab !== 'activity' ? (
                  <span className="h-2.5 w-2.5 rounded-full bg-red-600">
                    <span className="sr-only">{unread} unread</span>
                  </span>
                ) : null}
                <ChevronDown className={cn('h-4 w-4 transition-transform', isMenuOpen && 'rotate-180')} aria-hidden />
              </button>
            </CollapsibleTrigger>
            <CollapsibleContent className="mt-1 border-t border-slate-100 pt-1 dark:border-slate-800">
              {links}
            </CollapsibleContent>
          </Card>
        </Collapsible>

        <div className="min-w-0">
          {tab === 'account' ? <AccountTab me={me} /> : null}
          {tab === 'my-lists' ? <LibraryTab /> : null}
          {tab === 'created-lists' ? <MyListsTab /> : null}
          {tab === 'activity' ? <ActivityTab /> : null}
          {tab === 'settings' ? <SettingsTab me={me} /> : null}
        </div>
      </div>
    </Page>
  );
}

const statLabels = [
  ['followers', 'Followers'],
  ['following', 'Following'],
  ['created', 'Created'],
  ['saved', 'Saved'],
  ['cloned', 'Cloned'],
  ['started', 'Started'],
] as const;
