import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';

/** The frame shared by the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div> : null}
    </div>
  );
}

/**
 * An account page's form: its fields and messages, then the full-width submit button, which says
 * `busyLabel` and cannot be pressed while the form is busy (nor while `canSubmit` is false).
 */
export function AuthForm({
  onSubmit,
  isBusy,
  canSubmit = true,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  isBusy: boolean;
  canSubmit?: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <Button type="submit" className="w-full" size="lg" disabled={isBusy || !canSubmit}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

/** A link under or in an account page's card (Sign up, Back to Sign In, ...), in the brand colour. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-600 hover:underline dark:text-brand-200">
      {children}
    </Link>
  );
}
