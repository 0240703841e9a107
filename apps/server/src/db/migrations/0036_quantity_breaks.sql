-- quantity breaks: a seller's lower unit prices from a quantity on, per product (docs/decisions/035). The catalogue
-- module owns the table; every write replaces a product's breaks with the product's row locked.
CREATE TABLE "product_quantity_breaks" (
  "product_id" uuid NOT NULL REFERENCES "products"("id"),
  "min_quantity" integer NOT NULL,
  "price_paise" bigint NOT NULL,
  CONSTRAINT "product_quantity_breaks_product_id_min_quantity_pk" PRIMARY KEY ("product_id", "min_quantity"),
  CONSTRAINT "product_quantity_breaks_check" CHECK ("min_quantity" >= 2 and "price_paise" > 0)
);
