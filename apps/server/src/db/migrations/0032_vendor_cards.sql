-- vendor cards: the vendors module publishes the columns other modules may join on their hot paths (the catalogue's
-- product lists and search, the session lookup's vendor name), so no repository reads the vendors table but its own
-- (decision record 031). A plain projection: PostgreSQL inlines it, so a join with it plans as a join with vendors
-- (vendors_suspended_idx still serves "suspended_at is not null"). Changing or dropping one of these columns means
-- re-creating the view in that migration.
CREATE VIEW "vendor_cards" AS
  SELECT "id", "business_name", "city", "business_address", "profile_image", "suspended_at"
  FROM "vendors";
