-- Events made before guest lists existed keep their registrants' names off their public pages
-- until their organizers switch the list on: those people registered without it.
UPDATE "event" SET "guest_list_visible" = false;
