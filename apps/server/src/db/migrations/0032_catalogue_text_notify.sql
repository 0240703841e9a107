-- The embedded engine keeps the catalogue's search texts and words in memory (docs/decisions/031). Any statement
-- that adds products, removes them or changes a name, brand or category tells it so at commit, on the
-- `catalogue_text` channel, whoever wrote (a vendor, an operator, the seed, a test). PostgreSQL servers do not
-- listen, so there the notice is dropped at commit.
CREATE FUNCTION "catalogue_text_changed"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_text', '');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_text_written" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_text_changed();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_text_renamed" AFTER UPDATE OF "name", "brand", "category" ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_text_changed();
