import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Clock, Copy, ListChecks, Users, type LucideIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { countItems } from '@/domain/checklists/entries';
import { checklistMessages, type ChecklistDetail } from '@/domain/checklists/checklist-view';
import { canModerate } from '@/domain/moderation/roles';
import type { Viewer } from '@/domain/permissions';
import { Page } from '@/client/components/layout/page';
import { LoadError } from '@/client/components/ui/load-states';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { useAuth } from '@/client/api/use-auth';
import { checklistDetailQuery } from '@/client/api/checklists';
import { CopyStatus, EditOrCloneButton, useCopy } from '@/client/features/checklists/clone-button';
import { CommentsSection } from '@/client/features/checklists/comments-section';
import { ChecklistAuthor, ChecklistDetailStatus } from '@/client/features/checklists/detail-states';
import { isNotFound } from '@/client/lib/api';
import { plural } from '@/client/lib/format';
import { DifficultyBadge } from '@/client/features/checklists/difficulty-badge';
import { LibraryButton } from '@/client/features/library/library-dialog';
import { LikeButton } from '@/client/features/checklists/like-button';
import { ShareButton } from '@/client/features/checklists/share-button';
import { DeferredExportMenu } from '@/client/features/checklists/deferred-export-menu';
import { ChecklistProgress } from '@/client/features/checklists/checklist-progress';
import { ClonedFromBadge } from '@/client/features/checklists/cloned-from-badge';
import { RemixesSection } from '@/client/features/checklists/remixes-section';
import { DeferredRemixIdeas } from '@/client/features/checklists/deferred-remix-ideas';
import { TickStatsSummary } from '@/client/features/checklists/tick-stats';
import { UpstreamBanner } from '@/client/features/checklists/upstream-banner';
import { VisibilityBadge } from '@/client/features/checklists/visibility-badge';
import { HiddenNotice } from '@/client/features/moderation/hidden-notice';
import { ReportButton } from '@/client/features/moderation/report-dialog';
import { paths } from '@/domain/paths';
import { useDocumentTitle } from '@/client/lib/document-head';
import { backToBrowsePath, useBackToBrowsePath } from '@/client/lib/last-browse-search';

// Moderators alone see the staff pick switch: its code loads for them, not with every reader's page.
const StaffPickToggle = lazy(async () => ({
  default: (await import('@/client/features/moderation/staff-pick-toggle')).StaffPickToggle,
}));

// Only a list shown from the device's copy has the notice: its code loads then (from the worker's cache).
const OfflineCopyNotice = lazy(async () => ({
  default: (await import('@/client/features/checklists/offline-copy-notice')).OfflineCopyNotice,
}));

/** /checklist/{id}: a list with its progress and comments, for visitors and signed-in users. */
export function ChecklistDetailPage() {
  const { id = '' } = useParams();
  const { viewer, isLoading: isAuthLoading } = useAuth();
  const detail = useQuery(checklistDetailQuery(id));
  useDocumentTitle(detail.data?.title);

  if (detail.data && !isAuthLoading) {
    return (
      <ChecklistView
        key={detail.data.id}
        checklist={detail.data}
        viewer={viewer}
        copyNotice={
          detail.data.cachedAt ? (
            <Suspense fallback={null}>
              <OfflineCopyNotice cachedAt={detail.data.cachedAt} />
            </Suspense>
          ) : null
        }
        // The shorter detail-page message: a reload of a list already on screen failed; the
        // list stays, with the message and Try again above it. (A first load that fails is the
        // full-page "Error Loading Checklist" with "...Please try again later.")
        reloadError={
          detail.isError ? (
            <LoadError onRetry={() => void detail.refetch()} isRetrying={detail.isFetching}>
              {checklistMessages.loadFailed}
            </LoadError>
          ) : null
        }
      />
    );
  }

  // "Checklist Not Found" has its own Back to Browse under its text; a failed load has none.
  return (
    <Page width="medium">
      {detail.isError && !isNotFound(detail.error) ? <BackToBrowse /> : null}
      <ChecklistDetailStatus
        error={detail.error}
        onRetry={() => void detail.refetch()}
        notFoundAction={
          <Button asChild className="mt-6">
            <Link to={backToBrowsePath()}>Back to Browse</Link>
          </Button>
        }
      />
    </Page>
  );
}

/**
 * Always Browse, never "one page back" (which was the create form, a profile or wherever the bell
 * was opened): /browse with the filters the user last had there (see `last-browse-search.ts`).
 */
function BackToBrowse() {
  const to = useBackToBrowsePath();
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-200 print:hidden"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Browse
    </Link>
  );
}

function ChecklistView({
  checklist,
  viewer,
  reloadError,
  copyNotice,
}: {
  checklist: ChecklistDetail;
  viewer: Viewer;
  reloadError: ReactNode;
  copyNotice: ReactNode;
}) {
  const isSignedIn = viewer !== null;
  const loginHref = paths.login(paths.checklist(checklist.id));
  const clone = useCopy(checklist, viewer);
  const { profile } = useAuth();
  // The server tells moderators alone whether the list is a staff pick, and checks the role again.
  const canPick = canModerate(profile?.role) && checklist.isPublic && checklist.isStaffPick !== undefined;

  return (
    <Page width="medium">
      <BackToBrowse />
      {reloadError}
      {copyNotice}
      {checklist.hold ? <HiddenNotice targetType="checklist" targetId={checklist.id} hold={checklist.hold} /> : null}

      <Card className="p-5 sm:p-8">
        {checklist.clonedFrom || !checklist.isPublic ? (
          <div className="mb-4 flex flex-wrap items-center gap-2">
            {checklist.clonedFrom ? <ClonedFromBadge clonedFrom={checklist.clonedFrom} /> : null}
            <VisibilityBadge visibility={checklist.visibility} />
          </div>
        ) : null}

        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
          {checklist.title}
        </h1>

        {checklist.description ? (
          <p className="mt-3 text-base break-words whitespace-pre-line text-slate-600 dark:text-slate-400">
            {checklist.description}
          </p>
        ) : null}

        {checklist.tags.length > 0 ? (
          <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
            {checklist.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={paths.browse({ tag })}
                  className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-200 dark:hover:bg-slate-700"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
          <ChecklistAuthor checklist={checklist} />
          <DifficultyBadge difficulty={checklist.difficulty} />
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <Clock className="h-4 w-4 shrink-0" aria-hidden />
            <span className="sr-only">Estimated time: </span>
            {checklist.estimatedTime}
          </span>
        </div>

        <ul
          aria-label="Statistics"
          className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400"
        >
          <Stat icon={Users} text={plural(checklist.uses, 'use', 'uses')} />
          <Stat icon={Copy} text={plural(checklist.clones, 'clone', 'clones')} />
          <Stat icon={ListChecks} text={plural(countItems(checklist.items), 'item', 'items')} />
        </ul>
        <TickStatsSummary stats={checklist.tickStats} isOwner={checklist.viewer.isOwner} />

        <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-5 dark:border-slate-800 print:hidden">
          <LikeButton checklist={checklist} viewer={viewer} loginHref={loginHref} />
          {isSignedIn ? <LibraryButton checklistId={checklist.id} /> : null}
          <EditOrCloneButton checklist={checklist} viewer={viewer} clone={clone} loginHref={loginHref} />
          <ShareButton title={checklist.title} />
          <DeferredExportMenu checklist={checklist} isSignedIn={isSignedIn} />
          <ReportButton target={{ type: 'checklist', id: checklist.id, ownerId: checklist.authorId }} viewer={viewer} />
        </div>

        <CopyStatus clone={clone} />
        {canPick ? (
          <div className="mt-4 print:hidden">
            <Suspense fallback={null}>
              <StaffPickToggle checklistId={checklist.id} isStaffPick={checklist.isStaffPick ?? false} />
            </Suspense>
          </div>
        ) : null}
      </Card>

      <UpstreamBanner checklist={checklist} />
      <ChecklistProgress checklist={checklist} isSignedIn={isSignedIn} />
      {checklist.viewer.isOwner ? <DeferredRemixIdeas checklistId={checklist.id} /> : null}

      {/* Paper shows the list itself: its remixes and comments are left off a printed page. */}
      <div className="print:hidden">
        <RemixesSection checklistId={checklist.id} />
      </div>

      <div className="print:hidden">
        <CommentsSection
          checklist={checklist}
          viewer={viewer}
          loginHref={loginHref}
          holdNotice={(comment) => <HiddenNotice targetType="comment" targetId={comment.id} hold={comment.hold} />}
          commentAction={(comment) => (
            <ReportButton
              target={{ type: 'comment', id: comment.id, ownerId: comment.author.id }}
              viewer={viewer}
              size="sm"
            />
          )}
        />
      </div>
    </Page>
  );
}

function Stat({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      <span className="tabular-nums">{text}</span>
    </li>
  );
}
