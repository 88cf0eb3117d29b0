-- A clone's record refers to the copy, and is written before it (checklists.actions.ts),
-- so that writing the copy, which takes the rows of its tags' counts (tag_counts) until commit,
-- is the last thing a clone does. The reference is checked at commit, as an item's is (0022).
ALTER TABLE "cloned_checklists" ALTER CONSTRAINT "cloned_checklists_cloned_checklist_id_checklists_id_fk" DEFERRABLE INITIALLY DEFERRED;
