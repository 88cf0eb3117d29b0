import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { commentListSchema, commentSchema, type Comment } from '@/domain/checklists/comments';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath, checklistKeys } from './checklists';

const okSchema = z.object({ ok: z.literal(true) });

/** Comments of a checklist, newest first (spec §7). Kept under the checklist's own key. */
export const commentsQuery = (checklistId: string) =>
  queryOptions({
    queryKey: checklistKeys.comments(checklistId),
    queryFn: ({ signal }) => apiRequest(`${checklistApiPath(checklistId)}/comments`, commentListSchema, { signal }),
  });

function useUpdateComments(checklistId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = commentsQuery(checklistId);
  return {
    update: (change: (comments: Comment[]) => Comment[]) =>
      queryClient.setQueryData(queryKey, (list) => (list ? { comments: change(list.comments) } : list)),
    invalidate: () => queryClient.invalidateQueries({ queryKey }),
  };
}

export function useAddComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest(`${checklistApiPath(checklistId)}/comments`, commentSchema, {
        method: 'POST',
        body: { content },
      }),
    onSuccess: (comment) => {
      comments.update((list) => [comment, ...list.filter((other) => other.id !== comment.id)]);
      void comments.invalidate();
    },
  });
}

export function useEditComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      apiRequest(`/api/comments/${encodeURIComponent(commentId)}`, commentSchema, {
        method: 'PATCH',
        body: { content },
      }),
    onSuccess: (comment) => comments.update((list) => list.map((other) => (other.id === comment.id ? comment : other))),
  });
}

export function useDeleteComment(checklistId: string) {
  const comments = useUpdateComments(checklistId);
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest(`/api/comments/${encodeURIComponent(commentId)}`, okSchema, { method: 'DELETE' }),
    onSuccess: (_ok, commentId) => comments.update((list) => list.filter((comment) => comment.id !== commentId)),
  });
}
