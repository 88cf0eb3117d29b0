import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Page } from '@/client/components/layout/page';

/** Stands in for screens that later issues build, so no route is ever a blank page. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Page>
      <Card className="mx-auto max-w-lg p-8 text-center sm:p-10">
        <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-slate-800">
          <Hammer className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          This page is coming soon. We are building it right now.
        </p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </Card>
    </Page>
  );
}
