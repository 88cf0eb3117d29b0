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

describe('who may do what with a checklist', () => {
  it('only the author edits, deletes or changes it', () => {
    const onlyAuthor = { visitor: false, other: false, author: true };
    expect(table((viewer) => isAuthor(viewer, list))).toEqual(onlyAuthor);
    expect(table((viewer) => canEdit(viewer, list))).toEqual(onlyAuthor);
    expect(table((viewer) => canDelete(viewer, list))).toEqual(onlyAuthor);
  });

  it('only a signed-in user other than the author likes or clones it', () => {
    const othersOnly = { visitor: false, other: true, author: false };
    expect(table((viewer) => canLike(viewer, list))).toEqual(othersOnly);
    expect(table((viewer) => canClone(viewer, list))).toEqual(othersOnly);
  });

  it('any signed-in user comments; only a comment’s author edits it', () => {
    expect(table((viewer) => canComment(viewer, list))).toEqual({ visitor: false, other: true, author: true });
    const comment = { authorId: 'other' };
    expect(table((viewer) => canEditComment(viewer, comment))).toEqual({ visitor: false, other: true, author: false });
  });

  it('only a comment’s author deletes it, the list’s author included', () => {
    // The comment is `other`'s, on `author`'s list: the list's author may not delete it.
    const comment = { authorId: 'other' };
    expect(table((viewer) => canDeleteComment(viewer, comment))).toEqual({
      visitor: false,
      other: true,
      author: false,
    });
  });
});

describe('following', () => {
  it('a signed-in user follows anyone but themselves', () => {
    expect(table((viewer) => canFollow(viewer, { userId: 'author' }))).toEqual({
      visitor: false,
      other: true,
      author: false,
    });
  });
});

describe('seeing a profile', () => {
  const publicProfile = { userId: 'author', isPublic: true };
  const privateProfile = { userId: 'author', isPublic: false };

  it('a public profile, and its follow lists, are everybody’s to see', () => {
    const everyone = { visitor: true, other: true, author: true };
    expect(table((viewer) => canSeeProfile(viewer, publicProfile))).toEqual(everyone);
    expect(table((viewer) => canSeeFollowLists(viewer, publicProfile))).toEqual(everyone);
  });

  it('a private profile, and its follow lists, are its owner’s alone', () => {
    const ownerOnly = { visitor: false, other: false, author: true };
    expect(table((viewer) => canSeeProfile(viewer, privateProfile))).toEqual(ownerOnly);
    expect(table((viewer) => canSeeFollowLists(viewer, privateProfile))).toEqual(ownerOnly);
  });
});
