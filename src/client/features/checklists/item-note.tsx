import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isLongNote, NOTE_LINK_REL, noteMessages, noteParts } from '@/domain/checklists/item-notes';
import { cn } from '@/client/lib/cn';

/**
 * An item's note under the item: plain text with its line breaks, its web addresses as links. A
 * note longer than two lines (written so, or wrapping so at this width) shows two and a "Show note"
 * button that unfolds the rest.
 */
export function ItemNote({ id, note, className }: { id: string; note: string; className?: string }) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  // Known before layout for a note of many lines, so the server renders its button too.
  const [isOverflowing, setIsOverflowing] = useState(() => isLongNote(note));

  // While collapsed, the clamp hides exactly what overflows two lines; the width can change it.
  useEffect(() => {
    const element = textRef.current;
    if (!element || isExpanded) return;
    const measure = () => setIsOverflowing(isLongNote(note) || element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [note, isExpanded]);

  const isCollapsed = isOverflowing && !isExpanded;
  return (
    <div className={className}>
      <p
        id={id}
        ref={textRef}
        // A link the clamp hides would take focus out of sight: focusing one unfolds the note.
        onFocus={(event) => {
          if (isCollapsed && event.target !== event.currentTarget) setIsExpanded(true);
        }}
        className={cn(
          'text-sm break-words whitespace-pre-line text-slate-600 dark:text-slate-400',
          !isExpanded && 'line-clamp-2',
        )}
      >
        {noteParts(note).map((part, index) =>
          part.type === 'link' ? (
            <a
              key={index}
              href={part.href}
              rel={NOTE_LINK_REL}
              target="_blank"
              className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-200"
            >
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      {isOverflowing ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={id}
          onClick={() => setIsExpanded((expanded) => !expanded)}
          className="mt-1 inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-200"
        >
          {isExpanded ? noteMessages.hide : noteMessages.show}
          {isExpanded ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
        </button>
      ) : null}
    </div>
  );
}
