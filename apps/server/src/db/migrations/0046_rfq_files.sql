-- Photos and a bill of quantities on a request for quotes (issue 35, decision record 045). Each is a private file
-- the buyer uploaded; the primary key on file_id attaches a file to one request only, whatever races.
CREATE TABLE "rfq_files" (
  "file_id" uuid PRIMARY KEY NOT NULL REFERENCES "private_files"("id"),
  "rfq_id" uuid NOT NULL REFERENCES "rfqs"("id"),
  "position" smallint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_files_position_idx" ON "rfq_files" ("rfq_id", "position");
