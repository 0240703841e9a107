-- Private files (decision record 021): KYC documents and dispute photos, stored under storage_key in the private
-- area of the file storage (a folder or S3), served only to their owner and to operators, never under /uploads/.
CREATE TABLE "private_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_files_owner_kind_check" CHECK ("owner_kind" in ('customer', 'vendor')),
	CONSTRAINT "private_files_size_check" CHECK ("size" >= 0)
);
--> statement-breakpoint
CREATE INDEX "private_files_owner_idx" ON "private_files" USING btree ("owner_kind", "owner_id", "created_at");--> statement-breakpoint
-- A vendor's KYC documents: at most one file of each kind, replaced in place (the primary key settles races).
CREATE TABLE "vendor_documents" (
	"vendor_id" uuid NOT NULL REFERENCES "vendors"("id"),
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL REFERENCES "private_files"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_documents_pkey" PRIMARY KEY ("vendor_id", "kind"),
	CONSTRAINT "vendor_documents_kind_check" CHECK ("kind" in ('panCard', 'gstCertificate', 'cancelledCheque'))
);
