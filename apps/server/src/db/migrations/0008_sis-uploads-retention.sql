ALTER TABLE "schools" ADD COLUMN "connection_changed_by_id" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "connection_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "retention_years" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "auto_remove_left_pupils" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "eck_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "calendar_year" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "pupils_school_eck_id_key" ON "pupils" USING btree ("school_id","eck_id") WHERE "pupils"."eck_id" is not null;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('EDEXML', 'NATIONAL_RESULTS', 'METHOD_RESULTS'));