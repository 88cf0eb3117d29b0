import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { greetingName } from '@/domain/accounts/profile';
import {
  ACTIVITY_ICONS,
  activitySystemIcon,
  activityTarget,
  progressCaption,
  type ActivityEvent,
} from '@/domain/dashboard/dashboard';
import { DISCOVER_SECTION_SIZE, SUGGESTIONS_MINIMUM } from '@/domain/discover/assembly';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { StatsGrid } from '@/client/features/accounts/stats-grid';
import { useAuth } from '@/client/api/use-auth';
import { ChecklistCard } from '@/client/features/checklists/checklist-card';
import { formatDateTime } from '@/client/lib/format';
import { DashboardPage } from '@/client/components/layout/dashboard-page';
import { recentActivityQuery } from '@/client/api/activity';
import { dashboardListsPreviewQuery, suggestionsQuery } from '@/client/api/checklists';
import { paths } from '@/domain/paths';
import { SystemIconMark } from '@/client/features/notifications/notification-text';
import { LoadedLists } from './loaded-lists';

// Beside the "In Progress" section, its count (lists with a tick not yet complete) and Completed
// (completed runs): "Started" counted completed lists too, and read as a contradiction of "Nothing in
// progress" once every started list was complete.
const statLabels = [
  ['created', 'Created'],
  ['cloned', 'Cloned'],
  ['saved', 'Saved'],
  ['inProgress', 'In Progress'],
  ['completed', 'Completed'],
  ['followers', 'Followers'],
  ['badges', 'Badges'],
] as const;

/** The dashboard's Home, with real numbers and the user's real recent events. */
export function DashboardHomePage() {
  const { profile } = useAuth();
  return (
    <DashboardPage>
      <Card className="flex flex-wrap items-center justify-between gap-4 bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white ring-0 sm:p-8 dark:from-brand-700 dark:to-brand-900">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome back, {greetingName(profile?.profileName)}!
        </h1>
        <Button asChild variant="secondary">
          <Link to={paths.dashboard.create()}>+ Create Checklist</Link>
        </Button>
      </Card>
      {/* Seven tiles: on a phone the last takes a row of its own, full width. */}
      <StatsGrid
        stats={statLabels}
        className="sm:grid-cols-4 lg:grid-cols-7 [&>*:last-child]:col-span-3 sm:[&>*:last-child]:col-span-1"
      />
      <InProgress />
      <Suggestions />
      <RecentActivity />
    </DashboardPage>
  );
}

function HomeSection({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Home shows the four lists in progress whose items were completed most recently; "See all" has the rest. */
const IN_PROGRESS_PREVIEW = 4;

function InProgress() {
  const lists = useQuery(dashboardListsPreviewQuery('in-progress', IN_PROGRESS_PREVIEW));
  return (
    <HomeSection
      title="In Progress"
      action={
        <Link
          to={paths.dashboard.lists('in-progress')}
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-200"
        >
          See all
        </Link>
      }
    >
      <LoadedLists lists={lists}>
        {(inProgress) =>
          !inProgress.length ? (
            <Card className="p-5 text-sm text-slate-600 dark:text-slate-400">
              Nothing in progress. Tick an item on any list to start it.
            </Card>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {inProgress.map((list) => (
                <li key={list.id}>
                  <Card className="p-4">
                    <p className="truncate font-semibold text-slate-900 dark:text-white">{list.title}</p>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      {progressCaption(list.completedCount, list.itemCount)}
                    </p>
                    <ProgressBar
                      percent={list.percentComplete}
                      label={`${list.title}: ${list.percentComplete}%`}
                      className="mt-3"
                    />
                    <Button asChild size="sm" variant="secondary" className="mt-3">
                      <Link to={paths.dashboard.list(list.id)} aria-label={`Resume ${list.title}`}>
                        Resume
                      </Link>
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </LoadedLists>
    </HomeSection>
  );
}

/** Shown only with at least 3 suggestions, and then 3 of them. */
function Suggestions() {
  const suggestions = useQuery(suggestionsQuery());
  const cards = suggestions.data ?? [];
  if (cards.length < SUGGESTIONS_MINIMUM) return null;
  return (
    <HomeSection title="Suggestions for You">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.slice(0, DISCOVER_SECTION_SIZE).map((card) => (
          <ChecklistCard
            key={card.id}
            checklist={card}
            view="grid"
            headingLevel={3}
            href={paths.dashboard.discoverChecklist(card.id)}
          />
        ))}
      </div>
    </HomeSection>
  );
}

function RecentActivity() {
  const events = useQuery(recentActivityQuery());
  return (
    <HomeSection
      title="Recent Activity"
      action={
        <Link
          to={paths.dashboard.activity()}
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-200"
        >
          All notifications
        </Link>
      }
    >
      <Card className="p-2">
        {events.isPending ? (
          <LoadingState label="Loading activity..." />
        ) : events.isError ? (
          <LoadError onRetry={() => void events.refetch()} isRetrying={events.isFetching}>
            Failed to load your activity. Please try again later.
          </LoadError>
        ) : !events.data.length ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-400">No activity yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {events.data.map((event) => (
              <ActivityRow key={event.id} event={event} />
            ))}
          </ul>
        )}
      </Card>
    </HomeSection>
  );
}

/**
 * One event: its type's icon, or the system's for a notification no person sent; its message, which
 * opens what the event is about (a notification where it leads from the bell and the activity feed).
 */
function ActivityRow({ event }: { event: ActivityEvent }) {
  const systemIcon = activitySystemIcon(event);
  const target = activityTarget(event);
  return (
    <li className="flex items-start gap-3 px-3 py-3">
      {systemIcon ? (
        <SystemIconMark icon={systemIcon} size="sm" />
      ) : (
        <span aria-hidden className="flex h-6 w-6 shrink-0 items-center justify-center text-xl leading-none">
          {ACTIVITY_ICONS[event.type]}
        </span>
      )}
      <div className="min-w-0 flex-1">
        {target ? (
          <Link to={target} className="text-sm text-slate-800 hover:underline dark:text-slate-100">
            {event.message}
          </Link>
        ) : (
          <p className="text-sm text-slate-800 dark:text-slate-100">{event.message}</p>
        )}
        <time dateTime={event.createdAt} className="block text-xs text-slate-500 dark:text-slate-400">
          {formatDateTime(event.createdAt)}
        </time>
      </div>
    </li>
  );
}
