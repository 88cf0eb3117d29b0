import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { Button } from '@/client/components/ui/button';

// Spec §9: "Copied!" shows for 1.5 s.
const COPIED_MS = 1500;
const COPY_FAILED = 'Could not copy the link.';

/** Spec §2.4 (dashboard variant): copies the page link (or `url`) and says so. */
export function ShareButton({ url }: { url?: string }) {
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(url ?? window.location.href);
      setCopied(true);
      toast.success('Link copied!');
    } catch {
      toast.error(COPY_FAILED);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void share()} aria-live="polite">
      {isCopied ? <Check className="h-4 w-4 text-easy" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
      {isCopied ? 'Copied!' : 'Share'}
    </Button>
  );
}
