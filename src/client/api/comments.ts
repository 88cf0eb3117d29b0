import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { commentListSchema, commentSchema, CommentPage } from '@/domain/checklists/comments';
import type { okSchema } from '@/domain/api-error';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistPages } from './newest-first-pages';

/**
 * Comments of a checklist, newest first, a page at a time: each page starts after the previous
 * one's `nextCursor`. Cached under the checklist's own key.
 */
export const commentsQuery = (checklistId: string) => checklistPages<typeof commentListSchema>(checklistId, 'comments');

function useUpdateComments(checklistId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = commentsQuery(checklistId);
  return {
    /** Changes each loaded page (the first is index 0) in the cache. */
    update: (change: (page: CommentPage, index: number) => CommentPage) =>
      queryClient.setQueryData(queryKey, (data) => (data ? { ...data, pages: data.pages.map(change) } : data)),
  };
}

export function useAddComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<typeof commentSchema>(`${checklistApiPath(checklistId)}/comments`, {
        method: 'POST',
        body: { content },
      }),
    onSuccess: (comment) => {
      // On top of the first page; the next page still starts where it did, so nothing repeats.
      comments.update((page, index) => ({
        ...page,
        comments: index === 0 ? [comment, ...page.comments.filter((other) => other.id !== comment.id)] : page.comments,
        total: page.total + 1,
      }));
    },
  });
}

export function useEditComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      apiRequest<typeof commentSchema>(`/api/comments/${encodeURIComponent(commentId)}`, {
        method: 'PATCH',
        body: { content },
      }),
    onSuccess: (comment) =>
      comments.update((page) => ({
        ...page,
        comments: page.comments.map((other) => (other.id === comment.id ? comment : other)),
      })),
  });
}

export function useDeleteComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest<typeof okSchema>(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' }),
    onSuccess: (_ok, commentId) =>
      comments.update((page) => ({
        ...page,
        comments: page.comments.filter((comment) => comment.id !== commentId),
        total: page.total - 1,
      })),
  });
}
