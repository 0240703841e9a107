-- Verified reviews (issue 10) are worked out when reviews are read: which of a page's reviewers have a Delivered
-- line of the product (or from the vendor), or a Completed booking with the vendor. These partial indexes answer
-- that from the product's or vendor's side, so a much-reviewed product costs its deliveries, not the order tables.
CREATE INDEX "order_lines_delivered_product_idx" ON "order_lines" USING btree ("product_id","order_id") WHERE "order_lines"."status" = 'Delivered';--> statement-breakpoint
CREATE INDEX "order_lines_delivered_vendor_idx" ON "order_lines" USING btree ("vendor_id","order_id") WHERE "order_lines"."status" = 'Delivered';--> statement-breakpoint
CREATE INDEX "bookings_completed_idx" ON "bookings" USING btree ("vendor_id","customer_id") WHERE "bookings"."status" = 'Completed';
