import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDown, FolderOpen, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Link } from 'react-router';
import { groupNameSchema } from '@/domain/library/group-name';
import { libraryMessages, MAX_GROUP_NAME_LENGTH, type Group } from '@/domain/library/library';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/client/components/ui/collapsible';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Dialog, DialogFormButtons, DialogPanel } from '@/client/components/ui/dialog';
import { IconButton } from '@/client/components/ui/icon-button';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { groupListsQuery, libraryGroupsQuery, useCreateGroupMutation } from '@/client/api/library';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useGroupActions } from '@/client/api/library';
import { Section } from '@/client/components/ui/section';
import { ShowMore } from '@/client/components/ui/show-more';
import { paths } from '@/domain/paths';

const texts = {
  loadFailed: 'Failed to load groups',
  noGroups: 'You have no list groups yet.',
  emptyGroup: 'No lists in this group.',
  renameFailed: 'Failed to rename group',
  deleteFailed: 'Failed to delete group',
  removeFailed: 'Failed to remove list from group',
};

type Pending =
  | { kind: 'rename'; group: Group }
  | { kind: 'create' }
  | { kind: 'delete'; group: Group }
  | { kind: 'remove'; group: Group; list: Group['checklists'][number] };

type ConfirmQuestion = Omit<ComponentProps<typeof ConfirmDialog>, 'isOpen' | 'onOpenChange' | 'error'>;
const closedConfirmDialog: ConfirmQuestion = { title: '', description: '', confirmLabel: '', onConfirm: () => {} };

const confirmLabels = {
  delete: { title: 'Delete Group', confirmLabel: 'Delete', busyLabel: 'Deleting...' },
  remove: { title: 'Remove List from Group', confirmLabel: 'Remove', busyLabel: 'Removing...' },
} satisfies Record<string, Partial<ConfirmQuestion>>;

/** The List Library tab: the user's groups of saved lists, made, renamed and deleted here. */
export function LibraryTab({
  title = 'List Library',
  description = 'Your groups of saved lists.',
}: {
  title?: string;
  description?: string;
}) {
  const groups = useQuery(libraryGroupsQuery());
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = useGroupActions();
  const close = () => {
    setPending(null);
    setError(null);
  };
  // A write from a dialog closes it when it succeeds, and shows `failure` in it when it fails.
  const closeOrShow = (failure: string) => ({ onSuccess: close, onError: () => setError(failure) });

  // One confirmation dialog for the two questions: delete a group, remove a list from its group.
  const confirmDialogFor = (question: Pending): ConfirmQuestion | null => {
    switch (question.kind) {
      case 'delete':
        return {
          ...confirmLabels.delete,
          description: `Are you sure you want to delete the group ${question.group.name}? This cannot be undone.`,
          isBusy: actions.remove.isPending,
          onConfirm: () => actions.remove.mutate(question.group.id, closeOrShow(texts.deleteFailed)),
        };
      case 'remove':
        return {
          ...confirmLabels.remove,
          description: `Remove ${question.list.title} from this group?`,
          isBusy: actions.removeList.isPending,
          onConfirm: () =>
            actions.removeList.mutate(
              { groupId: question.group.id, checklistId: question.list.id },
              closeOrShow(texts.removeFailed),
            ),
        };
      default:
        return null;
    }
  };
  const confirmQuestion = pending ? confirmDialogFor(pending) : null;

  let body;
  if (groups.isPending) body = <LoadingState label="Loading groups..." />;
  else if (groups.isError)
    body = (
      <LoadError onRetry={() => void groups.refetch()} isRetrying={groups.isFetching}>
        {texts.loadFailed}
      </LoadError>
    );
  else if (groups.data.groups.length === 0)
    body = (
      <div className="py-10 text-center text-slate-600 dark:text-slate-400">
        <FolderOpen className="mx-auto mb-3 h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
        <p>{texts.noGroups}</p>
      </div>
    );
  else
    body = (
      <ul className="space-y-3">
        {groups.data.groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} onAction={(next) => setPending(next)} />
          </li>
        ))}
      </ul>
    );

  return (
    <Section
      title={title}
      description={description}
      actions={
        <Button size="sm" variant="secondary" onClick={() => setPending({ kind: 'create' })}>
          <Plus className="h-4 w-4" aria-hidden />
          New Group
        </Button>
      }
    >
      {body}

      <GroupNameDialog
        key={pending?.kind === 'rename' ? pending.group.id : pending?.kind}
        isOpen={pending?.kind === 'rename' || pending?.kind === 'create'}
        title={pending?.kind === 'rename' ? 'Rename Group' : 'New Group'}
        initialName={pending?.kind === 'rename' ? pending.group.name : ''}
        onClose={close}
        isCreate={pending?.kind === 'create'}
        onRename={(name) =>
          pending?.kind === 'rename' &&
          actions.rename.mutate({ groupId: pending.group.id, name }, closeOrShow(texts.renameFailed))
        }
        isBusy={actions.rename.isPending}
        error={error}
      />
      <ConfirmDialog
        isOpen={confirmQuestion !== null}
        onOpenChange={(open) => !open && close()}
        error={error}
        {...(confirmQuestion ?? closedConfirmDialog)}
      />
    </Section>
  );
}

function GroupCard({ group, onAction }: { group: Group; onAction: (pending: Pending) => void }) {
  const [isOpen, setOpen] = useState(true);
  const [wantsMore, setWantsMore] = useState(false);
  const more = useInfiniteQuery(groupListsQuery(group, wantsMore));
  const lists = [...group.checklists, ...(more.data?.pages.flatMap((page) => page.checklists) ?? [])];
  const count = group.listCount;
  return (
    <Collapsible open={isOpen} onOpenChange={setOpen} asChild>
      <Card className="overflow-hidden">
        <div className="flex items-center gap-2 px-4 py-3">
          <CollapsibleTrigger asChild>
            <button type="button" className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 text-left">
              <ChevronDown
                className={cn('h-4 w-4 shrink-0 text-slate-500 transition-transform', !isOpen && '-rotate-90')}
                aria-hidden
              />
              <span className="truncate font-semibold text-slate-900 dark:text-white">{group.name}</span>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {count} {count === 1 ? 'list' : 'lists'}
              </span>
            </button>
          </CollapsibleTrigger>
          <IconButton
            label={`Rename ${group.name}`}
            icon={Pencil}
            onClick={() => onAction({ kind: 'rename', group })}
          />
          <IconButton
            label={`Delete ${group.name}`}
            icon={Trash2}
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            title={count > 0 ? libraryMessages.groupNotEmpty : undefined}
            disabled={count > 0}
            onClick={() => onAction({ kind: 'delete', group })}
          />
        </div>
        <CollapsibleContent className="border-t border-slate-100 dark:border-slate-800">
          {count === 0 ? (
            <p className="px-4 py-4 text-sm text-slate-500 dark:text-slate-400">{texts.emptyGroup}</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {lists.map((list) => (
                <li key={list.id} className="flex items-center gap-3 px-4 py-2.5">
                  <Avatar emoji={list.authorAvatar} size="sm" />
                  <Link to={paths.checklist(list.id)} className="group min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900 group-hover:text-brand-600 dark:text-white">
                      {list.title}
                    </span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">by {list.author}</span>
                  </Link>
                  <IconButton
                    label={`Remove ${list.title} from ${group.name}`}
                    icon={X}
                    onClick={() => onAction({ kind: 'remove', group, list })}
                  />
                </li>
              ))}
            </ul>
          )}
          {/* The first click asks for the rest (the query waits until then); later ones, the next page. */}
          {group.nextCursor !== null && (!wantsMore || more.isPending || more.isError || more.hasNextPage) ? (
            <div className="border-t border-slate-100 px-4 py-3 dark:border-slate-800">
              <ShowMore
                query={{
                  hasNextPage: true,
                  isFetchingNextPage: wantsMore && more.isFetching,
                  fetchNextPage: async () => {
                    if (!wantsMore) setWantsMore(true);
                    else if (more.isError) await more.refetch();
                    else await more.fetchNextPage();
                  },
                }}
                loadingLabel={`Loading more lists of ${group.name}`}
              />
            </div>
          ) : null}
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}

/** Rename Group (and a new group): the name is trimmed and must not be blank. */
function GroupNameDialog({
  isOpen,
  title,
  initialName,
  isCreate,
  onClose,
  onRename,
  isBusy,
  error,
}: {
  isOpen: boolean;
  title: string;
  initialName: string;
  isCreate: boolean;
  onClose: () => void;
  onRename: (name: string) => void;
  isBusy: boolean;
  error: string | null;
}) {
  const [name, setName] = useState(initialName);
  const nameInput = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateGroupMutation();
  const [createError, setCreateError] = useState<string | null>(null);
  const busy = isBusy || create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupNameSchema.safeParse({ name });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? libraryMessages.nameRequired);
      return;
    }
    setInvalid(null);
    if (!isCreate) return onRename(parsed.data.name);
    create.mutate(parsed.data.name, {
      onSuccess: onClose,
      onError: (failure) => setCreateError(errorMessage(failure, libraryMessages.createFailed)),
    });
  };

  const shownError = invalid ?? (isCreate ? createError : error);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogPanel
        title={title}
        description="Group names can be up to 60 characters."
        isDescriptionHidden
        initialFocusRef={nameInput}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <div>
            <Label htmlFor="group-name">Group name</Label>
            <Input
              id="group-name"
              value={name}
              ref={nameInput}
              maxLength={MAX_GROUP_NAME_LENGTH}
              aria-invalid={Boolean(shownError)}
              aria-describedby="group-name-error"
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError id="group-name-error">{shownError ?? undefined}</FieldError>
          </div>
          <DialogFormButtons
            isBusy={busy}
            canSubmit={Boolean(name.trim())}
            submitLabel={busy ? 'Saving...' : isCreate ? 'Create' : 'Rename'}
          />
        </form>
      </DialogPanel>
    </Dialog>
  );
}
