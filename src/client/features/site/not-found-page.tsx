import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Page } from '@/client/components/layout/page';
import { paths } from '@/domain/paths';

export function NotFoundPage() {
  return (
    <Page>
      <div className="mx-auto max-w-lg py-10 text-center">
        <p className="text-6xl font-extrabold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          The page you are looking for does not exist or has moved.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.home()}>Back to Home</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.browse()}>Browse Checklists</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}
