import { Link } from 'react-router';
import { paths } from '@/domain/paths';
import { cn } from '@/client/lib/cn';

/**
 * The name of a list's or a comment's author: a link to their profile when they have a username,
 * else plain text. `className` styles both; `linkClassName` is added to the link only.
 */
export function AuthorName({
  name,
  username,
  className,
  linkClassName,
}: {
  name: string;
  username: string | null;
  className: string;
  linkClassName?: string;
}) {
  if (!username) return <span className={className}>{name}</span>;
  return (
    <Link
      to={paths.user(username)}
      className={cn(className, linkClassName, 'hover:text-brand-700 hover:underline dark:hover:text-brand-200')}
    >
      {name}
    </Link>
  );
}
