import { ArrowLeft, Atom, Palette, Route, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { enterDelay } from '@/client/lib/motion';
import { paths } from '@/domain/paths';

type Technology = { name: string; kind: string; description: string; icon: LucideIcon };

const technologies: Technology[] = [
  {
    name: 'Vite',
    kind: 'Build tool',
    description: 'Instant dev server start-up, fast hot reloads and lean production bundles.',
    icon: Zap,
  },
  {
    name: 'React',
    kind: 'UI library',
    description: 'Composable components that keep every screen predictable and easy to change.',
    icon: Atom,
  },
  {
    name: 'Tailwind CSS',
    kind: 'CSS utility framework',
    description: 'Utility classes that keep spacing, colour and dark mode consistent everywhere.',
    icon: Palette,
  },
  {
    name: 'React Router',
    kind: 'Router',
    description: 'Declarative routes that move between pages without a full reload.',
    icon: Route,
  },
];

export function AboutPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <header className="motion-safe:animate-enter mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl dark:text-white">
          About Ticklist
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">
          A modern React application built with the latest technologies
        </p>
      </header>

      <div className="motion-safe:animate-enter mt-12 sm:mt-16" style={enterDelay(0.1)}>
        <Card className="p-6 sm:p-8">
          <section aria-labelledby="about-features-heading">
            <h2
              id="about-features-heading"
              className="text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white"
            >
              Features
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {technologies.map(({ name, kind, description, icon: Icon }) => (
                <li
                  key={name}
                  className="flex gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200/70 dark:bg-slate-800/50 dark:ring-slate-700/70"
                >
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-200">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900 dark:text-white">{name}</h3>
                    <p className="text-xs font-medium uppercase tracking-wide text-brand-600 dark:text-brand-200">
                      {kind}
                    </p>
                    <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </Card>
      </div>

      <div className="motion-safe:animate-enter mt-10 flex justify-center" style={enterDelay(0.2)}>
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.home()}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Home
          </Link>
        </Button>
      </div>
    </div>
  );
}
