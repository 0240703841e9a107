DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "products_category_keyset_idx" ON "products" USING btree (lower("category"),"price","id");--> statement-breakpoint
CREATE INDEX "products_search_gist_idx" ON "products" USING gist ((lower("name" || ' ' || coalesce("brand", '') || ' ' || "category")) gist_trgm_ops(siglen=256));