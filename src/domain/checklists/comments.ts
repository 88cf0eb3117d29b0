import { z } from 'zod';
import { plainText } from '../text';

export const MAX_COMMENT_LENGTH = 2000;

export const commentMessages = {
  signInToComment: 'Sign in to post a comment.',
  addFailed: 'Failed to add comment.',
  editFailed: 'Failed to edit comment.',
  deleteFailed: 'Failed to delete comment.',
  empty: 'Comment cannot be empty.',
  tooLong: `Comments can be at most ${MAX_COMMENT_LENGTH} characters.`,
  notYours: 'You can only change your own comments.',
  notFound: 'Comment not found.',
} as const;

/** Spec §5: text is trimmed; Post and Save are disabled while it is empty. */
export const commentInputSchema = z.object({
  content: plainText('multi-line').min(1, commentMessages.empty).max(MAX_COMMENT_LENGTH, commentMessages.tooLong),
});

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string(), username: z.string().nullable() }),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ comments: z.array(commentSchema) });

/** Spec §4: "(edited)" shows when the updated time differs from the created time. */
export function isEdited(comment: Pick<Comment, 'createdAt' | 'updatedAt'>): boolean {
  return comment.updatedAt !== comment.createdAt;
}
