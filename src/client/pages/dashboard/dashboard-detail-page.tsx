import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ListChecks, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { countItems } from '@/domain/checklists/entries';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { Card } from '@/client/components/ui/card';
import { checklistDetailQuery } from '@/client/api/checklists';
import { CopyStatus, EditOrCloneButton, useCopy } from '@/client/features/checklists/clone-button';
import { plural } from '@/client/lib/format';
import { LibraryButton } from '@/client/features/library/library-dialog';
import { ChecklistAuthor, ChecklistDetailStatus } from '@/client/features/checklists/detail-states';
import { ShareButton } from '@/client/features/checklists/share-button';
import { DeferredExportMenu } from '@/client/features/checklists/deferred-export-menu';
import { ChecklistProgress } from '@/client/features/checklists/checklist-progress';
import { DeferredRemixIdeas } from '@/client/features/checklists/deferred-remix-ideas';
import { TickStatsSummary } from '@/client/features/checklists/tick-stats';
import { UpstreamBanner } from '@/client/features/checklists/upstream-banner';
import { DashboardPage } from '@/client/components/layout/dashboard-page';
import { ReportButton } from '@/client/features/moderation/report-dialog';
import { paths } from '@/domain/paths';
import { useAuth } from '@/client/api/use-auth';

/** The breadcrumb is labelled after where the list was opened from. */
const backLinks = {
  lists: { to: paths.dashboard.lists(), label: 'My Lists' },
  discover: { to: paths.dashboard.discover(), label: 'Discover' },
} as const;

/**
 * The detail page's variant under the dashboard routes: /dashboard/lists/{id} and
 * /dashboard/discover/{id}. Progress is the same truth as on /checklist/{id}: saved on the server.
 */
export function DashboardChecklistPage({ from }: { from: keyof typeof backLinks }) {
  const { id = '' } = useParams();
  const detail = useQuery(checklistDetailQuery(id));
  const back = backLinks[from];
  const backLink = (
    <Link
      to={back.to}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-200"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {back.label}
    </Link>
  );

  if (detail.data) {
    return (
      <DashboardPage className="max-w-3xl">
        {backLink}
        <DetailView key={detail.data.id} checklist={detail.data} />
      </DashboardPage>
    );
  }
  return (
    <DashboardPage className="max-w-3xl">
      {backLink}
      <ChecklistDetailStatus error={detail.error} onRetry={() => void detail.refetch()} />
    </DashboardPage>
  );
}

function DetailView({ checklist }: { checklist: ChecklistDetail }) {
  const { viewer } = useAuth();
  const clone = useCopy(checklist, viewer);

  return (
    <>
      <Card className="p-5 sm:p-7">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
          {checklist.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
          <ChecklistAuthor checklist={checklist} />
          <span className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4" aria-hidden />
            {plural(checklist.uses, 'use', 'uses')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <ListChecks className="h-4 w-4" aria-hidden />
            {plural(countItems(checklist.items), 'item', 'items')}
          </span>
        </div>
        <TickStatsSummary stats={checklist.tickStats} isOwner={checklist.viewer.isOwner} />
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-5 dark:border-slate-800">
          <LibraryButton checklistId={checklist.id} variant="dashboard" />
          {/* The dashboard is signed in only: Clone here never needs its sign-in link. */}
          <EditOrCloneButton
            checklist={checklist}
            viewer={viewer}
            clone={clone}
            loginHref={paths.login(paths.checklist(checklist.id))}
          />
          {/* The public page's address: a dashboard link would send others to a sign-in page. */}
          <ShareButton url={`${window.location.origin}${paths.checklist(checklist.id)}`} title={checklist.title} />
          <DeferredExportMenu checklist={checklist} isSignedIn />
          <ReportButton target={{ type: 'checklist', id: checklist.id, ownerId: checklist.authorId }} viewer={viewer} />
        </div>
        <CopyStatus clone={clone} />
      </Card>

      <UpstreamBanner checklist={checklist} />
      <ChecklistProgress checklist={checklist} isSignedIn />
      {checklist.viewer.isOwner ? <DeferredRemixIdeas checklistId={checklist.id} /> : null}
    </>
  );
}
