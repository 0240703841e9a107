-- The embedded engine keeps the shown catalogue as lists show it, with each product's search text and the search
-- words, in memory (docs/decisions/033). A statement that changes any of that notifies the `catalogue_listed`
-- channel at commit, whoever wrote (a seller, an operator, an order's review, the seed, a test), and the next
-- search reads the catalogue again. The columns are those of catalogue/repository.ts's `listedFields`, its
-- `shown` and `filters`, and the search text: keep them together. A stock change does not notify (lists do not
-- show stock). PostgreSQL servers do not listen, so there the notice is dropped at commit.
CREATE FUNCTION "catalogue_listed_changed"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_listed', '');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_listed_written" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_listed_changed();--> statement-breakpoint
CREATE TRIGGER "products_listed_changed" AFTER UPDATE OF "name", "brand", "category", "price_paise", "mrp_paise", "unit",
	"images", "location", "tag", "rating_sum", "rating_count", "deleted_at", "vendor_id" ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_listed_changed();--> statement-breakpoint
CREATE TRIGGER "vendors_listed_written" AFTER DELETE OR TRUNCATE ON "vendors"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_listed_changed();--> statement-breakpoint
CREATE TRIGGER "vendors_listed_changed" AFTER UPDATE OF "business_name", "suspended_at", "approved_at" ON "vendors"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_listed_changed();
