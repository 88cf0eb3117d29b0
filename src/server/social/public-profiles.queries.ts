import { and, eq, sql } from 'drizzle-orm';
import type { EarnedBadge } from '@/domain/badges/badges';
import { canSeeProfile, type ProfileAccess } from '@/domain/permissions';
import type { PublicProfile } from '@/domain/social/profile';
import type { Hold } from '@/domain/moderation/holds';
import type { Executor } from '../db/client';
import { holdJson, shownTo } from '../visibility/held';
import { profiles, users } from '../db/schema';
import { hasBlocked } from '../visibility/blocks';

type ProfileRow = {
  id: string;
  username: string;
  profile_name: string | null;
  avatar_url: string | null;
  is_public: boolean;
  followers: number;
  following: number;
  is_following: boolean;
  is_blocked: boolean;
  /** grantedAt as PostgreSQL writes a timestamp in JSON; null for a private view or none earned. */
  badges: EarnedBadge[] | null;
  hold: Hold | null;
};

/**
 * A public profile page's data, looked up case-insensitively. A private profile shows others only
 * its avatar and username (decision 008); its owner sees everything. Only public checklists are listed, filtered
 * here rather than in the browser.
 */
export async function findPublicProfile(
  db: Executor,
  username: string,
  viewerId: string | null,
): Promise<PublicProfile | null> {
  const result = await db.execute<ProfileRow>(sql`
    -- A private profile shows others only its avatar and username (decision 008), here too.
    select p.id, p.username, case when p.is_public or p.id = ${viewerId} then p.profile_name end as profile_name,
      p.avatar_url, p.is_public,
      (select count(*)::int from follows where followed_id = p.id) as followers,
      (select count(*)::int from follows where follower_id = p.id) as following,
      exists (select 1 from follows where follower_id = ${viewerId} and followed_id = p.id) as is_following,
      ${hasBlocked(viewerId, sql`p.id`)} as is_blocked,
      case when p.is_public or p.id = ${viewerId} then (
        select json_agg(json_build_object('slug', b.slug, 'name', b.name, 'tier', b.tier, 'grantedAt', ub.granted_at)
          order by ub.granted_at desc, b.slug)
        from user_badges ub join badges b on b.slug = ub.badge_slug where ub.user_id = p.id) end as badges,
      ${holdJson('p')} as hold
    from profiles p join users u on u.id = p.id
    -- An unconfirmed account has no public profile (404, like a missing user), so its page does
    -- not tell which addresses have signed up; nor has a hidden or suspended one, but for its owner.
    where lower(p.username) = lower(${username}) and u.email_verified and ${shownTo(viewerId, 'p', 'p.id')}`);
  const row = result.rows[0];
  if (!row) return null;
  const isOwner = viewerId === row.id;
  const isPrivateView = !canSeeProfile(viewerId === null ? null : { id: viewerId }, {
    userId: row.id,
    isPublic: row.is_public,
  });
  if (isPrivateView) {
    return {
      id: row.id,
      username: row.username,
      profileName: null,
      avatarUrl: row.avatar_url,
      isPrivateView: true,
      isOwner: false,
      // The viewer's own follow is theirs to see (Follow or Unfollow shows here too, decision 008).
      isFollowing: row.is_following,
      isBlocked: row.is_blocked,
      followers: null,
      following: null,
      checklists: [],
      badges: [],
    };
  }
  const lists = await db.execute<{ id: string; title: string; description: string; created_at: Date }>(sql`
    select id, title, description, created_at from checklists
    where author_id = ${row.id} and is_public order by created_at desc, id desc limit 200`);
  return {
    id: row.id,
    username: row.username,
    profileName: row.profile_name,
    avatarUrl: row.avatar_url,
    isPrivateView: false,
    isOwner,
    isFollowing: row.is_following,
    isBlocked: row.is_blocked,
    followers: row.followers,
    following: row.following,
    checklists: lists.rows.map((list) => ({
      id: list.id,
      title: list.title,
      description: list.description,
      createdAt: new Date(list.created_at).toISOString(),
    })),
    badges: (row.badges ?? []).map((badge) => ({ ...badge, grantedAt: new Date(badge.grantedAt).toISOString() })),
    hold: isOwner ? row.hold : null,
  };
}

/**
 * Whose profile a username is, case-insensitively, and whether it is public: what the rules of
 * `@/domain/permissions` decide by. An unconfirmed account has no profile for anyone else, nor has
 * a hidden or suspended one for anyone but `viewerId` its owner.
 */
export async function findProfileAccess(
  db: Executor,
  username: string,
  viewerId: string | null,
): Promise<ProfileAccess | null> {
  const [row] = await db
    .select({ userId: profiles.id, isPublic: profiles.isPublic })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        sql`lower(${profiles.username}) = lower(${username})`,
        eq(users.emailVerified, true),
        shownTo(viewerId, 'profiles', 'profiles.id', 'profiles'),
      ),
    );
  return row ?? null;
}

/** Followers of (or people followed by) a user, with whether the viewer follows each of them. */
export async function listFollowUsers(
  db: Executor,
  profileId: string,
  direction: 'followers' | 'following',
  viewerId: string | null,
) {
  const join =
    direction === 'followers'
      ? sql`f.follower_id = p.id and f.followed_id = ${profileId}`
      : sql`f.followed_id = p.id and f.follower_id = ${profileId}`;
  const result = await db.execute<{
    id: string;
    username: string;
    profile_name: string | null;
    avatar_url: string | null;
    is_following: boolean;
  }>(sql`
    -- A private profile shows others only its avatar and username (decision 008), here too.
    select p.id, p.username, case when p.is_public or p.id = ${viewerId} then p.profile_name end as profile_name,
      p.avatar_url,
      exists (select 1 from follows v where v.follower_id = ${viewerId} and v.followed_id = p.id) as is_following
    from follows f join profiles p on ${join}
    -- A hidden or suspended person is in nobody's follow list but their own view of it.
    where ${shownTo(viewerId, 'p', 'p.id')}
    order by f.created_at desc limit 500`);
  return result.rows.map((row) => ({
    id: row.id,
    username: row.username,
    profileName: row.profile_name,
    avatarUrl: row.avatar_url,
    isFollowing: row.is_following,
    isMe: row.id === viewerId,
  }));
}
