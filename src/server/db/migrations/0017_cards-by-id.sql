-- The cards of the lists `p_ids`, in that order: the columns of `cardColumns` (presenters.ts), read by
-- id with each list's author, whatever the list's visibility: the caller passes the ids it picked
-- and filtered. For a page whose lists are picked by a statement planned with its words: the
-- picking is planned each time, and this query, which PL/pgSQL prepares once per connection (and
-- may plan once), is not planned again with it on every page. STABLE, so it reads the calling
-- statement's snapshot, the one its ids were picked in. A test holds its rows to `cardColumns`'.
CREATE FUNCTION ticklist_cards(p_ids uuid[])
RETURNS TABLE (
  id uuid, title text, description text,
  author_profile_id text, author_name text, author_is_public boolean, author_avatar text, author_username text,
  tags text[], estimated_time text, difficulty text,
  uses_count integer, likes_count integer, clones_count integer, items_count integer, created_at timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.id, c.title, c.description,
    p.id, p.profile_name, p.is_public, p.avatar_url, p.username,
    c.tag_names, c.estimated_time, c.difficulty,
    c.uses_count, c.likes_count, c.clones_count, c.items_count, c.created_at
  FROM unnest(p_ids) WITH ORDINALITY AS picked(id, position)
  JOIN checklists c ON c.id = picked.id
  LEFT JOIN profiles p ON p.id = c.author_id
  ORDER BY picked.position;
END $$;
