import { z } from 'zod';
import { requiredText } from '../text';
import { commentMessages, MAX_COMMENT_LENGTH } from './comments';

// Apart from comments.ts, whose words the checklist page shows: the bundler keeps a schema built
// with another module's helper, and zod with it, in every page that imports its module.

/** The text is trimmed; Post and Save are disabled while it is empty. */
export const commentInputSchema = z.object({
  content: requiredText('multi-line', commentMessages.empty, MAX_COMMENT_LENGTH, commentMessages.tooLong),
});
