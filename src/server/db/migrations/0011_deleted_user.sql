-- Decision 013: content kept after its owner deleted their account is moved to one reserved author,
-- "Deleted user" (DELETED_USER in src/domain/accounts/account-data.ts). It has no credential account,
-- so no password signs in as it; its address is in the reserved .invalid domain, so no mail reaches it;
-- its profile is private and its username is taken, so nobody can register it.
INSERT INTO users (id, name, email, email_verified)
VALUES ('ticklist-deleted-user', 'deleted_user', 'deleted-user@ticklist.invalid', true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO profiles (id, username, profile_name, avatar_url, is_public, email_notifications)
VALUES ('ticklist-deleted-user', 'deleted_user', 'Deleted user', '👤', false, false)
ON CONFLICT DO NOTHING;
