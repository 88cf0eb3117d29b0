import { useMutationState, useQuery } from '@tanstack/react-query';
import { Check, FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/client/lib/toast';
import { libraryMessages, MAX_GROUP_NAME_LENGTH, type Group } from '@/domain/library/library';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { plural } from '@/client/lib/format';
import {
  isMembership,
  libraryGroupsQuery,
  libraryStatusQuery,
  useCreateGroupMutation,
  useMembershipMutation,
} from '@/client/api/library';
import { libraryKeys } from '@/client/api/query-keys';

/** The List Library dialog's body: the person's groups, each a toggle for the list, and a new group's form. */
export function LibraryDialogBody({ checklistId }: { checklistId: string }) {
  const groups = useQuery(libraryGroupsQuery());
  const status = useQuery(libraryStatusQuery(checklistId));
  const [actionError, setActionError] = useState<string | null>(null);

  const membership = useMembershipMutation(checklistId, {
    onSuccess: () => toast.success(libraryMessages.updated),
    onError: (error) => setActionError(errorMessage(error, libraryMessages.updateFailed)),
  });
  const pendingGroupIds = useMutationState({
    filters: { mutationKey: libraryKeys.membership(checklistId), status: 'pending' },
    select: (mutation) => (isMembership(mutation.state.variables) ? mutation.state.variables.groupId : null),
  });

  const loadError = groups.error ?? status.error;
  const error = actionError ?? (loadError ? errorMessage(loadError, libraryMessages.loadFailed) : null);
  const memberOf = new Set(status.data?.groupIds ?? []);

  const toggle = (group: Group) => {
    if (pendingGroupIds.includes(group.id)) return;
    setActionError(null);
    membership.mutate({ groupId: group.id, isMember: !memberOf.has(group.id) });
  };

  return (
    <>
      {!groups.data || !status.data ? (
        loadError ? null : (
          <div className="flex justify-center py-6">
            <Spinner label="Loading lists" />
          </div>
        )
      ) : groups.data.groups.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
          {libraryMessages.noGroups}
        </p>
      ) : (
        <ul
          aria-label="List groups"
          className="max-h-48 space-y-1 overflow-y-auto rounded-lg p-1 ring-1 ring-slate-200 dark:ring-slate-800"
        >
          {groups.data.groups.map((group) => (
            <li key={group.id}>
              <GroupRow
                group={group}
                isMember={memberOf.has(group.id)}
                isPending={pendingGroupIds.includes(group.id)}
                onToggle={() => toggle(group)}
              />
            </li>
          ))}
        </ul>
      )}

      <CreateGroupForm onError={setActionError} />

      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}

function GroupRow({
  group,
  isMember,
  isPending,
  onToggle,
}: {
  group: Group;
  isMember: boolean;
  isPending: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={isMember}
      aria-busy={isPending}
      onClick={onToggle}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm transition-colors',
        isMember
          ? 'bg-brand-50 text-brand-900 hover:bg-brand-100 dark:bg-slate-800 dark:text-white dark:hover:bg-slate-700'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex h-5 w-5 shrink-0 items-center justify-center rounded-md border-2',
          isMember ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        {isMember ? <Check className="h-3.5 w-3.5" strokeWidth={3} /> : null}
      </span>
      <span className="min-w-0 flex-1 truncate font-medium">{group.name}</span>
      {/* Darker than a caption usually is: it must read at 4.5:1 on the row's hover and selected fills too. */}
      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
        {plural(group.listCount, 'list', 'lists')}
      </span>
    </button>
  );
}

function CreateGroupForm({ onError }: { onError: (message: string | null) => void }) {
  const [name, setName] = useState('');
  const create = useCreateGroupMutation();
  const inputId = useId();
  const trimmed = name.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || create.isPending) return;
    onError(null);
    create.mutate(trimmed, {
      onSuccess: () => setName(''),
      onError: (error) => onError(errorMessage(error, libraryMessages.createFailed)),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        New group
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Weekend projects"
          maxLength={MAX_GROUP_NAME_LENGTH}
          autoComplete="off"
          className="h-10"
        />
        <Button type="submit" disabled={!trimmed || create.isPending} className="shrink-0">
          {create.isPending ? (
            <Spinner className="h-4 w-4 text-white" label="Creating" />
          ) : (
            <FolderPlus className="h-4 w-4" aria-hidden />
          )}
          Create
        </Button>
      </div>
    </form>
  );
}
