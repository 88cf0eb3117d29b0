import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { Button } from '@/client/components/ui/button';

// "Copied!" shows for 1.5 s.
const COPIED_MS = 1500;
const COPY_FAILED = 'Could not copy the link.';

/** The Web Share API, where the browser has it and will share this link (phones, some desktops). */
function canShareNatively(data: ShareData): boolean {
  if (typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare(data);
}

/**
 * Shares the page link (or `url`) through the system's
 * share sheet where there is one; elsewhere copies it and says so ("Copied!", "Link copied!").
 */
export function ShareButton({ url, title }: { url?: string; title?: string }) {
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Link copied!');
    } catch {
      toast.error(COPY_FAILED);
    }
  };

  const share = async () => {
    const link = url ?? window.location.href;
    const data: ShareData = title ? { title, url: link } : { url: link };
    if (!canShareNatively(data)) return copy(link);
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (no user activation, a policy): the link can still be copied.
      await copy(link);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void share()} aria-live="polite">
      {isCopied ? <Check className="h-4 w-4 text-easy" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
      {isCopied ? 'Copied!' : 'Share'}
    </Button>
  );
}
