-- Product views (POST /updateview/{productId}, the seed's original frontend; docs/decisions/027): a narrow table of
-- its own, so a view is one small upsert that rewrites neither the wide products row nor its indexes (the trigram
-- GiST among them) and leaves its updated_at, the sitemap's lastmod, alone.
CREATE TABLE "product_views" (
	"product_id" uuid PRIMARY KEY NOT NULL REFERENCES "products"("id"),
	"views" integer DEFAULT 0 NOT NULL
);
