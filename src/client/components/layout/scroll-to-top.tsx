import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';

// Appears after scrolling more than 300 px.
export const SCROLL_TO_TOP_AFTER_PX = 300;

export function ScrollToTop() {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!isVisible) return null;
  return (
    <Button
      size="icon"
      className="fixed bottom-6 right-6 z-30 rounded-full shadow-lg"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp className="h-5 w-5" aria-hidden />
    </Button>
  );
}
