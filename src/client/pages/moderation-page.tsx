import { queueMessages } from '@/domain/moderation/queue';
import { canModerate } from '@/domain/moderation/roles';
import { Page } from '@/client/components/layout/page';
import { LoadingState } from '@/client/components/ui/load-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useAuth } from '@/client/api/use-auth';
import { useDocumentTitle } from '@/client/lib/document-head';
import { QueueCases } from '@/client/features/moderation/queue-cases';
import { QueueStaffPicks } from '@/client/features/moderation/queue-staff-picks';
import { NotFoundPage } from '@/client/features/site/not-found-page';

/**
 * /moderation: the open reports, and the staff picks beside them. Anyone but a moderator or an
 * admin finds no such page, as the API answers them (the server decides; this only shows it).
 */
export function ModerationPage() {
  const { isLoading, isProfileLoading, profile } = useAuth();
  useDocumentTitle(canModerate(profile?.role) ? queueMessages.title : null);
  if (isLoading || isProfileLoading) return <LoadingState label={queueMessages.loading} />;
  if (!canModerate(profile?.role)) return <NotFoundPage />;
  return (
    <Page title={queueMessages.title} width="medium">
      <Tabs defaultValue="cases" className="flex flex-col gap-6">
        <TabsList aria-label={queueMessages.title}>
          <TabsTrigger value="cases">{queueMessages.casesTab}</TabsTrigger>
          <TabsTrigger value="staff-picks">{queueMessages.staffPicksTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="cases">
          <QueueCases />
        </TabsContent>
        <TabsContent value="staff-picks">
          <QueueStaffPicks />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
