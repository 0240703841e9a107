-- Every word of the catalogue's names, brands and categories: a small table where a misspelt search word
-- finds the word it meant, before the products are searched (products_search_gist_idx is fast for real
-- words and slow for words that match nothing well).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "search_words_of"(name text, brand text, category text) RETURNS SETOF text
	LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT w FROM regexp_split_to_table(lower(name || ' ' || coalesce(brand, '') || ' ' || category), '[^[:alnum:]]+') AS w
	WHERE length(w) >= 2
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_after_insert"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_words (word)
	SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.name, new_rows.brand, new_rows.category) AS w
	ON CONFLICT (word) DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_after_rename"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_words (word)
	SELECT w FROM search_words_of(NEW.name, NEW.brand, NEW.category) AS w
	ON CONFLICT (word) DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();--> statement-breakpoint
CREATE TRIGGER "products_search_words_rename" AFTER UPDATE OF "name", "brand", "category" ON "products"
	FOR EACH ROW EXECUTE FUNCTION search_words_after_rename();--> statement-breakpoint
INSERT INTO "search_words" ("word")
	SELECT DISTINCT w FROM "products", search_words_of("products"."name", "products"."brand", "products"."category") AS w
	ON CONFLICT ("word") DO NOTHING;
