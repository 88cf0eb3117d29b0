import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarDays, Lock, UserX } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { displayName, publicProfileMessages, type PublicProfile } from '@/domain/social/profile';
import { Page } from '@/client/components/layout/page';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { Card } from '@/client/components/ui/card';
import { useAuth } from '@/client/api/use-auth';
import { ApiError } from '@/client/lib/api';
import { BadgeChips } from '@/client/features/badges/badge-tier';
import { BlockButton } from '@/client/features/social/block-button';
import { FollowButton } from '@/client/features/social/follow-button';
import { ReportButton } from '@/client/features/moderation/report-dialog';
import { FollowListDialog } from '@/client/features/social/follow-list-dialog';
import { HiddenNotice } from '@/client/features/moderation/hidden-notice';
import { profileQuery } from '@/client/api/profiles';
import { paths } from '@/domain/paths';
import { formatDate } from '@/client/lib/format';
import { useIsHydrated } from '@/client/lib/hydration';
import { backToBrowsePath } from '@/client/lib/last-browse-search';
import { feedPaths, useFeedLink } from '@/client/lib/feed-link';
import { useDocumentTitle } from '@/client/lib/document-head';
import { pageNames } from '@/domain/page-title';
import { canFollow, type Viewer } from '@/domain/permissions';
import { canBlock } from '@/domain/social/blocks';

const LOADING = 'Loading profile...';
const LOAD_FAILED = 'Failed to load profile. Please try again later.';

type Checklist = PublicProfile['checklists'][number];

/** /user/{username}: a profile with its counts and public lists. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { viewer, isLoading: isAuthLoading } = useAuth();
  const profile = useQuery(profileQuery(username));

  // Waiting for the session too, so a Follow button does not pop in after the page has rendered.
  if (profile.data && !isAuthLoading) {
    return <ProfileView key={profile.data.id} profile={profile.data} viewer={viewer} />;
  }

  if (profile.isError) {
    const isNotFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <Page width="medium">
        {isNotFound ? (
          <Card className="px-6 py-14 text-center">
            <UserX className="mx-auto h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
              {publicProfileMessages.notFound}
            </h1>
            <Button asChild className="mt-6">
              <Link to={backToBrowsePath()}>Back to Browse</Link>
            </Button>
          </Card>
        ) : (
          <LoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
            {LOAD_FAILED}
          </LoadError>
        )}
      </Page>
    );
  }

  return (
    <Page width="medium">
      <LoadingState label={LOADING} />
    </Page>
  );
}

function ProfileView({ profile, viewer }: { profile: PublicProfile; viewer: Viewer }) {
  return (
    <Page width="medium">
      {profile.hold ? <HiddenNotice targetType="profile" targetId={profile.username} hold={profile.hold} /> : null}
      <ProfileHeader profile={profile} viewer={viewer} />
      {profile.badges.length ? (
        <section aria-label="Badges" className="space-y-3">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Badges</h2>
          <BadgeChips badges={profile.badges} />
        </section>
      ) : null}
      {profile.isPrivateView ? null : <PublicChecklists checklists={profile.checklists} />}
    </Page>
  );
}

function ProfileHeader({ profile, viewer }: { profile: PublicProfile; viewer: Viewer }) {
  // A private profile shows others only its avatar and username (decision 008): its response carries
  // no profile name then, and the username stands in.
  const name = displayName(profile);
  // Following a private user is allowed (decision 008), so Follow shows on a private profile too;
  // its response's counts are null there, and the counts stay hidden.
  // Someone the viewer blocked is not followed until unblocked (the server says so too).
  const isFollowShown = canFollow(viewer, { userId: profile.id }) && !profile.isBlocked;
  const isBlockShown = canBlock(viewer, { userId: profile.id });
  // A private profile has no feed (it responds 404).
  useFeedLink(profile.isPrivateView ? null : feedPaths.user(profile.username), `Ticklist: checklists by ${name}`);
  useDocumentTitle(profile.isPrivateView ? null : pageNames.profile(name, profile.username));

  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
        <Avatar emoji={profile.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 sm:text-3xl dark:text-white">
            {name}
          </h1>
          <p className="mt-1 break-all text-slate-500 dark:text-slate-400">@{profile.username}</p>

          {profile.isPrivateView ? (
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              <Lock className="h-4 w-4 shrink-0" aria-hidden />
              {publicProfileMessages.privateProfile}
            </p>
          ) : (
            <div className="mt-3 -ml-2 flex flex-wrap items-center justify-center gap-1 sm:justify-start">
              <FollowListDialog
                username={profile.username}
                kind="followers"
                count={profile.followers ?? 0}
                viewer={viewer}
              />
              <FollowListDialog
                username={profile.username}
                kind="following"
                count={profile.following ?? 0}
                viewer={viewer}
              />
            </div>
          )}
        </div>
        {isFollowShown || isBlockShown ? (
          <div className="flex flex-wrap items-center justify-center gap-2">
            {isFollowShown ? <FollowButton username={profile.username} isFollowing={profile.isFollowing} /> : null}
            <ReportButton target={{ type: 'profile', id: profile.username, ownerId: profile.id }} viewer={viewer} />
            {isBlockShown ? (
              <BlockButton username={profile.username} name={name} isBlocked={profile.isBlocked} />
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

function PublicChecklists({ checklists }: { checklists: Checklist[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        {publicProfileMessages.publicChecklists}
      </h2>
      {checklists.length === 0 ? (
        <Card className="px-6 py-10 text-center text-sm text-slate-600 dark:text-slate-400">
          {publicProfileMessages.noChecklists}
        </Card>
      ) : (
        <ul className="space-y-3">
          {checklists.map((checklist) => (
            <li key={checklist.id}>
              <ChecklistRow checklist={checklist} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChecklistRow({ checklist }: { checklist: Checklist }) {
  const titleId = useId();
  const isHydrated = useIsHydrated();
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="font-semibold break-words text-slate-900 dark:text-white">
          {checklist.title}
        </h3>
        {checklist.description ? (
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600 dark:text-slate-400">
            {checklist.description}
          </p>
        ) : null}
        <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <CalendarDays className="h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="sr-only">Created </span>
          <time dateTime={checklist.createdAt}>{formatDate(checklist.createdAt, isHydrated)}</time>
        </p>
      </div>
      <Button asChild variant="secondary" size="sm" className="self-start sm:self-center">
        <Link to={paths.checklist(checklist.id)} aria-describedby={titleId}>
          View
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </Button>
    </Card>
  );
}
