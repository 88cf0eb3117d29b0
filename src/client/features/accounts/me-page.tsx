import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { Page } from '@/client/components/layout/page';
import { ComingSoonPage } from '@/client/features/site/coming-soon-page';
import { resolveMeTab, type MeTab } from '@/domain/navigation/routes';
import { useAuth } from './use-auth';

const tabTitles: Record<MeTab, string> = {
  account: 'Account',
  'my-lists': 'List Library',
  'created-lists': 'My Lists',
  activity: 'Activity',
  settings: 'Settings',
};

export function MePage({ tab }: { tab: string | null }) {
  const { isLoading, user } = useAuth();
  if (isLoading) {
    return <FullPageSpinner />;
  }
  if (!user) {
    return (
      <Page>
        <Card className="mx-auto max-w-lg p-8 text-center">
          <p className="text-lg font-medium">Please sign in to view your dashboard.</p>
          <Button asChild className="mt-6">
            <Link to="/login?redirect=%2Fme">Sign In</Link>
          </Button>
        </Card>
      </Page>
    );
  }
  return <ComingSoonPage title={tabTitles[resolveMeTab(tab)]} />;
}
