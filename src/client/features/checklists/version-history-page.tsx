import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { historyPageName, restoredMessage, restoreTitle, versionMessages } from '@/domain/checklists/version-history';
import { Page } from '@/client/components/layout/page';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { ShowMore } from '@/client/components/ui/show-more';
import { errorMessage } from '@/client/lib/api';
import { useDocumentTitle } from '@/client/lib/document-head';
import { toast } from '@/client/lib/toast';
import { checklistDetailQuery } from '@/client/api/checklists';
import { useRestoreVersion, versionsQuery } from '@/client/api/versions';
import { BackToChecklist } from './back-to-checklist';
import { VersionCard } from './version-card';

/**
 * /checklist/{id}/versions: the author's versions of their list, newest first, each with what
 * changed; any but the current one can be restored. The route's owner guard has already checked
 * who may be here (the API answers anyone else 404 too).
 */
export function VersionHistoryPage() {
  const { id = '' } = useParams();
  const title = useQuery(checklistDetailQuery(id)).data?.title;
  useDocumentTitle(title === undefined ? versionMessages.history : historyPageName(title));
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useRestoreVersion(id);

  const confirmRestore = (number: number) =>
    restore.mutate(number, {
      onSuccess: () => {
        setRestoring(null);
        toast.success(restoredMessage(number));
      },
    });

  return (
    <Page width="medium">
      <BackToChecklist id={id}>{versionMessages.backToList}</BackToChecklist>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {versionMessages.history}
        </h1>
        {title === undefined ? null : (
          <p className="mt-2 text-lg font-medium break-words text-slate-800 dark:text-slate-200">{title}</p>
        )}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{versionMessages.historyDescription}</p>
      </header>
      <VersionList
        checklistId={id}
        onRestore={(number) => {
          restore.reset();
          setRestoring(number);
        }}
      />
      <ConfirmDialog
        isOpen={restoring !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRestoring(null);
        }}
        title={restoring === null ? '' : restoreTitle(restoring)}
        description={versionMessages.restoreBody}
        confirmLabel={versionMessages.restoreConfirm}
        busyLabel={versionMessages.restoring}
        isBusy={restore.isPending}
        tone="primary"
        onConfirm={() => {
          if (restoring !== null) confirmRestore(restoring);
        }}
        error={restore.isError ? errorMessage(restore.error, versionMessages.restoreFailed) : null}
      />
    </Page>
  );
}

function VersionList({ checklistId, onRestore }: { checklistId: string; onRestore: (number: number) => void }) {
  const versions = useInfiniteQuery(versionsQuery(checklistId));
  if (versions.isPending) return <LoadingState label={versionMessages.loading} />;
  if (versions.isError) {
    return (
      <LoadError onRetry={() => void versions.refetch()} isRetrying={versions.isFetching}>
        {errorMessage(versions.error, versionMessages.loadFailed)}
      </LoadError>
    );
  }
  const current = versions.data.pages[0]?.current;
  const shown = versions.data.pages.flatMap((page) => page.versions);
  if (shown.length === 0) return <p className="text-slate-600 dark:text-slate-400">{versionMessages.empty}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={versionMessages.versions} className="flex flex-col gap-4">
        {shown.map((version) => (
          <VersionCard
            key={version.number}
            checklistId={checklistId}
            version={version}
            isCurrent={version.number === current}
            onRestore={() => onRestore(version.number)}
          />
        ))}
      </ol>
      <ShowMore query={versions} loadingLabel={versionMessages.loading} />
    </div>
  );
}
