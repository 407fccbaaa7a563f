ALTER TABLE "pupils" ADD COLUMN "cito_exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "cito_exclusion_reason_text" text;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "cito_exclusion_changed_by_id" integer;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "cito_exclusion_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pupils" ADD CONSTRAINT "pupils_cito_exclusion_changed_by_id_users_id_fk" FOREIGN KEY ("cito_exclusion_changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;