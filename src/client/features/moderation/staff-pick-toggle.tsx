import { useId } from 'react';
import { staffPickMessages } from '@/domain/moderation/staff-picks';
import { Switch } from '@/client/components/ui/switch';
import { useStaffPick } from '@/client/api/moderation-admin';

/**
 * A moderator's "Staff pick" switch on a public list's detail page. The page shows it only to
 * moderators and admins (`canModerate`), and the server asks the stored role again on each change.
 */
export function StaffPickToggle({ checklistId, isStaffPick }: { checklistId: string; isStaffPick: boolean }) {
  const id = useId();
  const pick = useStaffPick(checklistId);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Switch
        id={id}
        checked={pick.isPending ? pick.variables : isStaffPick}
        disabled={pick.isPending}
        onCheckedChange={(checked) => pick.mutate(checked)}
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {staffPickMessages.toggle}
      </label>
      {pick.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {staffPickMessages.failed}
        </p>
      ) : null}
    </div>
  );
}
