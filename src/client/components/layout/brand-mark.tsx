import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/domain/paths';

export function BrandMark({ to = paths.home() }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 dark:text-white"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <Check className="h-5 w-5" strokeWidth={3} aria-hidden />
      </span>
      Ticklist
    </Link>
  );
}
