/** The unread count beside an Activity menu entry, read as words by assistive technology. */
export function UnreadPill({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
