import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquare, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { commentMessages, isEdited, MAX_COMMENT_LENGTH, type Comment } from '@/domain/checklists/comments';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { ShowMore } from '@/client/components/ui/show-more';
import { Spinner } from '@/client/components/ui/spinner';
import { offlineMessages } from '@/domain/offline-messages';
import { ApiError, errorMessage } from '@/client/lib/api';
import { commentsQuery, useAddComment, useDeleteComment, useEditComment } from '@/client/api/comments';
import { formatDateTime } from '@/client/lib/format';
import { useIsHydrated } from '@/client/lib/hydration';
import { canComment, canEditComment, type Viewer } from '@/domain/permissions';
import { AuthorName } from './author-name';

const LOAD_FAILED = 'Failed to load comments.';

const textareaClass =
  'block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-200 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 sm:text-sm';

function ErrorText({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/**
 * A list's comments: newest first; authors edit and delete their own; visitors read.
 * `commentAction`, what the page adds to each comment's actions (Report, which another feature makes).
 */
export function CommentsSection({
  checklist,
  viewer,
  loginHref,
  holdNotice,
  commentAction,
}: {
  checklist: { id: string; authorId: string };
  viewer: Viewer;
  loginHref: string;
  /** What the author of a hidden comment reads above it (the server sends a hold to them alone). */
  holdNotice?: (comment: Comment & { hold: NonNullable<Comment['hold']> }) => ReactNode;
  commentAction?: (comment: Comment) => ReactNode;
}) {
  const checklistId = checklist.id;
  const comments = useInfiniteQuery(commentsQuery(checklistId));
  const loaded = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
        <MessageSquare className="h-5 w-5 text-slate-400" aria-hidden />
        Comments
        {comments.data ? (
          <span className="text-base font-normal text-slate-500 dark:text-slate-400">
            ({comments.data.pages[0]?.total ?? 0})
          </span>
        ) : null}
      </h2>

      {canComment(viewer) ? (
        <AddCommentForm checklistId={checklistId} />
      ) : (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <Link
            to={loginHref}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
          >
            {commentMessages.signInToComment}
          </Link>
        </p>
      )}

      {comments.isPending && comments.fetchStatus === 'paused' ? (
        // Offline before the first page came: it is asked for when the connection returns.
        <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">
          {offlineMessages.commentsNeedConnection}
        </p>
      ) : comments.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading comments" />
        </div>
      ) : comments.isError ? (
        <div className="space-y-2">
          {/* No answer at all (no connection) is told apart from an answer that refused. */}
          <ErrorText>
            {comments.error instanceof ApiError ? LOAD_FAILED : offlineMessages.commentsNeedConnection}
          </ErrorText>
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            <RotateCcw className="h-4 w-4" aria-hidden />
            Try again
          </Button>
        </div>
      ) : loaded.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">No comments yet.</p>
      ) : (
        <>
          <ul className="space-y-3">
            {loaded.map((comment) => (
              <li key={comment.id} className="space-y-2">
                {comment.hold && holdNotice ? holdNotice({ ...comment, hold: comment.hold }) : null}
                <CommentCard
                  checklistId={checklistId}
                  comment={comment}
                  isAuthor={canEditComment(viewer, { authorId: comment.author.id })}
                  action={commentAction?.(comment)}
                />
              </li>
            ))}
          </ul>
          <ShowMore query={comments} loadingLabel="Loading comments" />
        </>
      )}
    </section>
  );
}

function AddCommentForm({ checklistId }: { checklistId: string }) {
  const [content, setContent] = useState('');
  const add = useAddComment(checklistId);
  const inputId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const trimmed = content.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    add.mutate(trimmed, {
      onSuccess: () => {
        setContent('');
        // Post is disabled once the box is empty: the focus goes back to the box, not to the page.
        input.current?.focus();
      },
    });
  };

  return (
    <Card className="p-4">
      <form onSubmit={submit} className="space-y-3">
        <label htmlFor={inputId} className="sr-only">
          Add a comment
        </label>
        <textarea
          ref={input}
          id={inputId}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Share a tip or ask a question..."
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          className={textareaClass}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ErrorText>{add.isError ? errorMessage(add.error, commentMessages.addFailed) : null}</ErrorText>
          <Button type="submit" disabled={!trimmed || add.isPending} className="ml-auto">
            {add.isPending ? <Spinner className="h-4 w-4 text-white" label="Posting" /> : null}
            Post
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CommentCard({
  checklistId,
  comment,
  isAuthor,
  action,
}: {
  checklistId: string;
  comment: Comment;
  isAuthor: boolean;
  action: ReactNode;
}) {
  const isHydrated = useIsHydrated();
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useEditComment(checklistId);
  const remove = useDeleteComment(checklistId);
  const editButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const isEditing = draft !== null;
  const { author } = comment;

  const closeEditor = () => {
    setDraft(null);
    edit.reset();
    // The editor and its buttons disappear, so focus goes back to where editing began.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = draft?.trim() ?? '';
    if (!content || edit.isPending) return;
    edit.mutate({ commentId: comment.id, content }, { onSuccess: closeEditor });
  };

  const cancelOnEscape = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeEditor();
    }
  };

  return (
    <Card className="p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg leading-none dark:bg-slate-800"
        >
          {author.avatar}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
            <AuthorName
              name={author.name}
              username={author.username}
              className="font-semibold text-slate-900 dark:text-white"
            />
            <time dateTime={comment.createdAt} className="text-slate-500 dark:text-slate-400">
              {formatDateTime(comment.createdAt, isHydrated)}
            </time>
            {isEdited(comment) ? (
              <span
                className="text-slate-500 italic dark:text-slate-400"
                title={formatDateTime(comment.updatedAt, isHydrated)}
              >
                (edited)
              </span>
            ) : null}
          </div>

          {isEditing ? (
            <form onSubmit={save} className="mt-2 space-y-2">
              <label htmlFor={inputId} className="sr-only">
                Edit comment
              </label>
              <textarea
                id={inputId}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={cancelOnEscape}
                rows={3}
                maxLength={MAX_COMMENT_LENGTH}
                autoFocus
                className={textareaClass}
              />
              <ErrorText>{edit.isError ? errorMessage(edit.error, commentMessages.editFailed) : null}</ErrorText>
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={!draft.trim() || edit.isPending}>
                  Save
                </Button>
                <Button type="button" variant="secondary" size="sm" onClick={closeEditor}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
              {comment.content}
            </p>
          )}

          {isAuthor && !isEditing ? (
            <div className="mt-2 flex flex-wrap items-center gap-1">
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                onClick={() => {
                  remove.reset();
                  setDraft(comment.content);
                }}
              >
                <Pencil className="h-3.5 w-3.5" aria-hidden />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="h-8 px-2 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                disabled={remove.isPending}
                onClick={() => remove.mutate(comment.id)}
              >
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          ) : null}
          {action && !isEditing ? <div className="mt-2 flex flex-wrap items-center gap-1">{action}</div> : null}
          {remove.isError ? (
            <div className="mt-1">
              <ErrorText>{errorMessage(remove.error, commentMessages.deleteFailed)}</ErrorText>
            </div>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
