import { describe, expect, it } from 'vitest';
import {
  canClone,
  canComment,
  canDelete,
  canDeleteComment,
  canEdit,
  canEditComment,
  canFollow,
  canLike,
  canSeeFollowLists,
  canSeeProfile,
  isAuthor,
  type Viewer,
} from './permissions';

const author: Viewer = { id: 'author' };
const other: Viewer = { id: 'other' };
const visitor: Viewer = null;
const list = { authorId: 'author' };

const table = (rule: (viewer: Viewer) => boolean) => ({
  visitor: rule(visitor),
  other: rule(other),
  author: rule(author),
});
type Who = keyof ReturnType<typeof table>;
/** The table of a rule that lets through exactly these viewers. */
const allowed = (...who: Who[]) => ({
  visitor: who.includes('visitor'),
  other: who.includes('other'),
  author: who.includes('author'),
});

describe('who may do what with a checklist', () => {
  it('only the author edits, deletes or changes it', () => {
    expect(table((viewer) => isAuthor(viewer, list))).toEqual(allowed('author'));
    expect(table((viewer) => canEdit(viewer, list))).toEqual(allowed('author'));
    expect(table((viewer) => canDelete(viewer, list))).toEqual(allowed('author'));
  });

  it('only a signed-in user other than the author likes or clones it', () => {
    expect(table((viewer) => canLike(viewer, list))).toEqual(allowed('other'));
    expect(table((viewer) => canClone(viewer, list))).toEqual(allowed('other'));
  });

  it('any signed-in user comments; only a comment’s author edits it', () => {
    expect(table((viewer) => canComment(viewer))).toEqual(allowed('other', 'author'));
    const comment = { authorId: 'other' };
    expect(table((viewer) => canEditComment(viewer, comment))).toEqual(allowed('other'));
  });

  it('only a comment’s author deletes it, the list’s author included', () => {
    // The comment is `other`'s, on `author`'s list: the list's author may not delete it.
    const comment = { authorId: 'other' };
    expect(table((viewer) => canDeleteComment(viewer, comment))).toEqual(allowed('other'));
  });
});

describe('following', () => {
  it('a signed-in user follows anyone but themselves', () => {
    expect(table((viewer) => canFollow(viewer, { userId: 'author' }))).toEqual(allowed('other'));
  });
});

describe('seeing a profile', () => {
  const publicProfile = { userId: 'author', isPublic: true };
  const privateProfile = { userId: 'author', isPublic: false };

  it('a public profile, and its follow lists, are everybody’s to see', () => {
    expect(table((viewer) => canSeeProfile(viewer, publicProfile))).toEqual(allowed('visitor', 'other', 'author'));
    expect(table((viewer) => canSeeFollowLists(viewer, publicProfile))).toEqual(allowed('visitor', 'other', 'author'));
  });

  it('a private profile, and its follow lists, are its owner’s alone', () => {
    expect(table((viewer) => canSeeProfile(viewer, privateProfile))).toEqual(allowed('author'));
    expect(table((viewer) => canSeeFollowLists(viewer, privateProfile))).toEqual(allowed('author'));
  });
});
