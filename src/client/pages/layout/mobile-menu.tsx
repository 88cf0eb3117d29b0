import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { lazyPage } from '@/client/lib/lazy-page';

// The sheet (a Radix dialog and its focus and scroll locks) loads when the menu is first opened.
const MobileMenuSheet = lazyPage(() => import('./mobile-menu-sheet'), 'MobileMenuSheet');

/** The menu button of small screens and its slide-in menu. */
export function MobileMenu({ unread }: { unread: number }) {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
        // Fetch the sheet's code as soon as a press starts, so it is usually in by the click.
        onPointerDown={() => setHasOpened(true)}
      >
        <Menu className="h-6 w-6" aria-hidden />
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            isOpen={isOpen}
            onOpenChange={setOpen}
            unread={unread}
            onCloseFocus={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
