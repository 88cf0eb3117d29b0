import { z } from 'zod';
import { requiredText } from '../text';
import { libraryMessages, MAX_GROUP_NAME_LENGTH } from './library';

// In a module of its own: the Library screen and the API validate a group name with it, while the
// checklist page's library dialog needs only library.ts's words, without zod.

/** A new or renamed group name is trimmed and must not be blank. */
export const groupNameSchema = z.object({
  name: requiredText('single-line', libraryMessages.nameRequired, MAX_GROUP_NAME_LENGTH, libraryMessages.nameTooLong),
});
