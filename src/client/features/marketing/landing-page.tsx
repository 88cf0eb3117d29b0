import { ArrowRight, Check, Search, Share2, Sparkles, Trophy, WandSparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import { enterDelay, useEnterAnimation } from '@/client/lib/motion';
import { paths } from '@/domain/paths';

// The landing page's marketing claims, word for word as the product states them.
const stats = [
  { value: '10,000+', label: 'active users' },
  { value: '50,000+', label: 'checklists' },
  { value: '4.9/5', label: 'rating' },
];

const trustPoints = ['No card required', 'Free forever', 'Sign-up takes 30 seconds'];

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: 'Instant Discovery',
    description:
      'Search and filter thousands of ready-made checklists for trips, moves, projects and everyday routines.',
    icon: Search,
  },
  {
    title: 'One-Click Personalization',
    description: 'Clone any public checklist and make it yours by adding, removing or rewording items in seconds.',
    icon: WandSparkles,
  },
  {
    title: 'Save & Share',
    description: 'Keep favourites in your own library, organised into named groups, and share any list with a link.',
    icon: Share2,
  },
  {
    title: 'Track & Celebrate',
    description: 'Tick items off as you go, watch your progress grow and earn badges when you reach the finish line.',
    icon: Trophy,
  },
];

const steps = [
  {
    title: 'Discover',
    description: 'Browse community checklists by category, difficulty or popularity to find the right one.',
  },
  { title: 'Curate', description: 'Clone a list in one click and tailor every item to your own situation.' },
  { title: 'Collaborate', description: 'Share your lists, follow other makers and swap tips in the comments.' },
  { title: 'Earn', description: 'Tick off items, complete your lists and unlock badges along the way.' },
];

const exampleItems = [
  { text: 'Book the removal van', isCompleted: true },
  { text: 'Redirect your post', isCompleted: true },
  { text: 'Pack an essentials box', isCompleted: false },
  { text: 'Take the meter readings', isCompleted: false },
];

export function LandingPage() {
  const enter = useEnterAnimation();
  return (
    <div>
      <section className="relative isolate overflow-hidden" aria-labelledby="hero-heading">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50 to-transparent dark:from-brand-900/30"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-2 lg:gap-16">
          <div className={enter}>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100 dark:bg-slate-900 dark:text-brand-200 dark:ring-slate-700">
              <Sparkles className="h-4 w-4" aria-hidden />
              Made by the community, for real life
            </p>
            <h1
              id="hero-heading"
              className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-5xl dark:text-white"
            >
              Checklists for real life,{' '}
              <span className="text-brand-600 dark:text-brand-200">made by people who have been there.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
              Find a proven checklist for whatever comes next, make it your own in one click and tick your way to done
              with a community cheering you on.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.browse()}>
                  Get Started Free
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={paths.browse()}>See Example Checklists</Link>
              </Button>
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
              {trustPoints.map((point) => (
                <li key={point} className="flex items-center gap-1.5">
                  <Check className="h-4 w-4 text-easy" strokeWidth={3} aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
          </div>

          <div className={cn(enter, 'mx-auto w-full max-w-md lg:mr-0')} style={enterDelay(0.15)}>
            <ExampleChecklistCard />
          </div>
        </div>
      </section>

      <section
        aria-label="Ticklist in numbers"
        className="border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/50"
      >
        <dl className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-center sm:grid-cols-3 sm:px-6">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{stat.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionIntro
          id="features-heading"
          eyebrow="Features"
          title="Everything you need to get things done"
          description="From the first search to the final tick, Ticklist keeps your plans in one place."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, description, icon: Icon }, index) => (
            <li key={title} className={enter} style={enterDelay(0.05 * index)}>
              <Card className="h-full p-6 transition-shadow hover:shadow-lg">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-200">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-it-works-heading" className="bg-white dark:bg-slate-900/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <SectionIntro
            id="how-it-works-heading"
            eyebrow="Four simple steps"
            title="How It Works"
            description="Go from a blank page to a finished list without reinventing the wheel."
          />
          <ol className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li key={step.title} className={cn(enter, 'relative')} style={enterDelay(0.05 * index)}>
                <span
                  aria-hidden
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white shadow-sm"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="relative overflow-hidden rounded-3xl bg-brand-600 px-6 py-12 text-center shadow-lg sm:px-12 sm:py-16 dark:bg-brand-700">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-24 -right-24 h-64 w-64 rounded-full bg-white/10"
          />
          <div
            aria-hidden
            className="pointer-events-none absolute -bottom-28 -left-20 h-64 w-64 rounded-full bg-white/5"
          />
          <h2 id="cta-heading" className="relative text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Your next checklist is already waiting
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-base leading-7 text-brand-100 sm:text-lg">
            Join a community of planners who forget less, stress less and finish more.
          </p>
          <Button
            asChild
            size="lg"
            className="relative mt-8 bg-white text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
          >
            <Link to={paths.browse()}>
              Explore Checklists
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function SectionIntro({
  id,
  eyebrow,
  title,
  description,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-200">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h2>
      <p className="mt-4 text-base leading-7 text-slate-600 dark:text-slate-300">{description}</p>
    </div>
  );
}

function ExampleChecklistCard() {
  const completedCount = exampleItems.filter((item) => item.isCompleted).length;
  const percent = Math.round((completedCount / exampleItems.length) * 100);

  return (
    // Purely illustrative: exposed as one image so screen readers skip the fake list's internals.
    <div
      role="img"
      aria-label={`Example checklist "Moving house", ${completedCount} of ${exampleItems.length} items done`}
      className="relative"
    >
      <Card className="p-6 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-lg font-semibold text-slate-900 dark:text-white">Moving house</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">by @sam · cloned 1.2k times</p>
          </div>
          <span className="rounded-full bg-medium/15 px-2.5 py-1 text-xs font-semibold text-yellow-800 dark:text-medium">
            Medium
          </span>
        </div>

        <ul className="mt-6 space-y-3">
          {exampleItems.map((item) => (
            <li
              key={item.text}
              className={cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm ring-1',
                item.isCompleted
                  ? 'bg-slate-50 text-slate-500 ring-slate-200/70 dark:bg-slate-800/60 dark:text-slate-400 dark:ring-slate-700/70'
                  : 'bg-white text-slate-800 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700',
              )}
            >
              <span
                className={cn(
                  'flex h-5 w-5 shrink-0 items-center justify-center rounded-md',
                  item.isCompleted ? 'bg-brand-600 text-white' : 'ring-2 ring-slate-300 dark:ring-slate-600',
                )}
              >
                {item.isCompleted && <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden />}
              </span>
              <span className={cn(item.isCompleted && 'line-through decoration-slate-400')}>{item.text}</span>
            </li>
          ))}
        </ul>

        <div className="mt-6">
          <div className="flex items-center justify-between text-xs font-medium text-slate-500 dark:text-slate-400">
            <span>
              {completedCount} of {exampleItems.length} done
            </span>
            <span>{percent}%</span>
          </div>
          {/* One segment per item instead of a width style, which the strict CSP would not allow in markup. */}
          <div className="mt-2 flex gap-1">
            {exampleItems.map((item) => (
              <span
                key={item.text}
                className={cn(
                  'h-2 flex-1 rounded-full',
                  item.isCompleted ? 'bg-brand-600' : 'bg-slate-100 dark:bg-slate-800',
                )}
              />
            ))}
          </div>
        </div>
      </Card>

      <div className="absolute -right-2 -bottom-5 flex items-center gap-2 rounded-full bg-white px-3 py-2 text-xs font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200 sm:-right-5 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700">
        <span aria-hidden>🏅</span>
        Badge earned: Fresh Start
      </div>
    </div>
  );
}
