-- Lists that existed before the search triggers (0003) have an empty search document; fill it in.
UPDATE checklists SET search_vector = ticklist_search_document(id, title, description);
