import { cn } from '@/client/lib/cn';

const sizes = {
  sm: 'h-8 w-8 text-lg',
  md: 'h-12 w-12 text-2xl',
  lg: 'h-24 w-24 text-5xl',
} as const;

export type AvatarSize = keyof typeof sizes;

/**
 * A round tile showing the image if given, else the emoji, else "?". Without a label it
 * is decorative (hidden from assistive technology), as it usually sits beside the name it shows.
 */
export function Avatar({
  emoji,
  image,
  size = 'md',
  label,
  className,
}: {
  emoji?: string | null;
  image?: string | null;
  size?: AvatarSize;
  label?: string;
  className?: string;
}) {
  const tile = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 select-none ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700',
    sizes[size],
    'leading-none',
    className,
  );

  if (image) {
    return <img src={image} alt={label ?? ''} className={cn(tile, 'object-cover')} />;
  }

  const symbol = emoji?.trim();
  const content = symbol || '?';
  const classes = cn(tile, !symbol && 'font-semibold text-slate-500 dark:text-slate-400');
  return label ? (
    <span role="img" aria-label={label} className={classes}>
      {content}
    </span>
  ) : (
    <span aria-hidden className={classes}>
      {content}
    </span>
  );
}
