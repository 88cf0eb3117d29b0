import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  DASHBOARD_LIST_TABS,
  dashboardListTabLabels,
  dashboardMessages,
  progressCaption,
  type DashboardList,
  type DashboardListTab,
} from '@/domain/dashboard/dashboard';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { ShowMore } from '@/client/components/ui/show-more';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { DifficultyBadge } from '@/client/features/checklists/difficulty-badge';
import { VisibilityBadge } from '@/client/features/checklists/visibility-badge';
import { DashboardPage } from '@/client/components/layout/dashboard-page';
import { dashboardListsQuery } from '@/client/api/checklists';
import { paths } from '@/domain/paths';
import { LoadedLists } from './loaded-lists';

/** The dashboard's Lists: Created, Cloned, Saved and In Progress; the tab is in the address. */
export function DashboardListsPage() {
  const [params, setParams] = useSearchParams();
  const tab = DASHBOARD_LIST_TABS.find((candidate) => candidate === params.get('tab')) ?? 'created';
  const lists = useInfiniteQuery(dashboardListsQuery(tab));
  const shown = lists.data?.pages.flatMap((page) => page.checklists) ?? [];

  return (
    <DashboardPage title="My Lists">
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label="Lists">
          {DASHBOARD_LIST_TABS.map((candidate) => (
            <TabsTrigger key={candidate} value={candidate}>
              {dashboardListTabLabels[candidate]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the chosen tab's panel is rendered; the others load when chosen. */}
        <TabsContent value={tab} className="mt-6">
          <LoadedLists lists={lists}>
            {() =>
              shown.length === 0 ? (
                <Card className="p-8 text-center text-slate-600 dark:text-slate-400">{dashboardMessages.noLists}</Card>
              ) : (
                <div className="space-y-6">
                  <ul className="grid gap-4 sm:grid-cols-2">
                    {shown.map((list) => (
                      <li key={list.id}>
                        <ListCard list={list} tab={tab} />
                      </li>
                    ))}
                  </ul>
                  <ShowMore query={lists} loadingLabel="Loading more lists" />
                </div>
              )
            }
          </LoadedLists>
        </TabsContent>
      </Tabs>
    </DashboardPage>
  );
}

function ListCard({ list, tab }: { list: DashboardList; tab: DashboardListTab }) {
  const isStarted = list.completedCount > 0 && list.completedCount < list.itemCount;
  const action = isStarted || tab === 'in-progress' ? 'Resume' : 'View';
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">{list.title}</p>
        <VisibilityBadge visibility={list.visibility} />
      </div>
      {list.description ? (
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{list.description}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <Avatar emoji={list.authorAvatar} size="sm" className="h-6 w-6 text-sm" />
        <span>by {list.author}</span>
        <DifficultyBadge difficulty={list.difficulty} />
        <span>{list.estimatedTime}</span>
      </div>
      <div className="mt-auto pt-4">
        <p className="mb-1.5 text-xs text-slate-600 dark:text-slate-400">
          {progressCaption(list.completedCount, list.itemCount)} · {list.percentComplete}%
        </p>
        <ProgressBar percent={list.percentComplete} label={`${list.title}: ${list.percentComplete}%`} />
        <Button asChild size="sm" variant="secondary" className="mt-3">
          <Link to={paths.dashboard.list(list.id)} aria-label={`${action} ${list.title}`}>
            {action}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
