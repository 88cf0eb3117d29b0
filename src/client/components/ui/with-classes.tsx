import type { ComponentProps, ElementType } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * A component that renders `Element` (a tag, or a Radix part) with our `base` classes: the
 * caller's `className` is merged after them, so it wins where the two conflict, and every other
 * prop passes through as given.
 */
export function withClasses<E extends ElementType>(Element: E, base: string) {
  // Widened for JSX, which cannot check props against a generic element type; Styled's own
  // props are checked against E.
  const Tag: ElementType = Element;
  return function Styled({ className, ...props }: ComponentProps<E> & { className?: string }) {
    return <Tag className={cn(base, className)} {...props} />;
  };
}
