import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/domain/paths';

type FooterLink = { label: string; to?: string };

// Mostly placeholder anchors; Browse, About, Privacy and Terms are real routes.
const footerColumns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'Product',
    links: [{ label: 'Browse', to: paths.browse() }, { label: 'Features' }, { label: 'Pricing' }],
  },
  {
    heading: 'Company',
    links: [{ label: 'About', to: paths.about() }, { label: 'Blog' }, { label: 'Careers' }],
  },
  {
    heading: 'Support',
    links: [{ label: 'Help Center' }, { label: 'Contact' }],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy', to: paths.privacy() },
      { label: 'Terms', to: paths.terms() },
    ],
  },
];

const linkClass =
  'rounded text-sm text-slate-600 transition-colors hover:text-brand-600 dark:text-slate-400 dark:hover:text-brand-200';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950 print:hidden">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_2fr] lg:gap-16">
          <div className="max-w-xs">
            {/* Not a link: the header already carries the home link, so a second "Ticklist" link would be noise. */}
            <p className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white">
              <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
                <Check className="h-5 w-5" strokeWidth={3} aria-hidden />
              </span>
              Ticklist
            </p>
            <p className="mt-4 text-sm leading-6 text-slate-600 dark:text-slate-400">
              Real-life checklists, made and shared by the community. Find one, make it yours and tick your way to done.
            </p>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerColumns.map((column) => (
              <div key={column.heading}>
                <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.heading}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      {link.to ? (
                        <Link to={link.to} className={linkClass}>
                          {link.label}
                        </Link>
                      ) : (
                        <a href="#" className={linkClass}>
                          {link.label}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            © {new Date().getFullYear()} Ticklist. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
