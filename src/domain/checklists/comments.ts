import { z } from 'zod';
import { holdFieldSchema } from '../moderation/holds';
import { newestFirstPageQuery, nextCursorSchema } from '../paging';

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

export const commentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatar: z.string(), username: z.string().nullable() }),
  /** Set for the comment's own author when the moderators hid it; nobody else is shown it. */
  hold: holdFieldSchema,
});
export type Comment = z.infer<typeof commentSchema>;
/** Comments come 20 at a time, newest first, with "Show more" for the next page. */
export const COMMENTS_PAGE_SIZE = 20;
export const MAX_COMMENTS_PAGE_SIZE = 50;

export const commentPageQuerySchema = newestFirstPageQuery(COMMENTS_PAGE_SIZE, MAX_COMMENTS_PAGE_SIZE);

/** One page of a list's comments, newest first; `total` counts them all, `nextCursor` is null at the end. */
export const commentListSchema = z.object({
  comments: z.array(commentSchema),
  total: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type CommentPage = z.infer<typeof commentListSchema>;

/** "(edited)" shows when the updated time differs from the created time. */
export function isEdited(comment: Pick<Comment, 'createdAt' | 'updatedAt'>): boolean {
  return comment.updatedAt !== comment.createdAt;
}
