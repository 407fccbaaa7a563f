CREATE TABLE "national_norms" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"year_time" text NOT NULL,
	"ability_score" real NOT NULL,
	CONSTRAINT "national_norms_provider_subject_moment_key" UNIQUE("provider_id","subject_id","grade","year_time"),
	CONSTRAINT "national_norms_year_time_check" CHECK ("national_norms"."year_time" in ('X', 'B', 'M', 'E')),
	CONSTRAINT "national_norms_grade_check" CHECK ("national_norms"."grade" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "national_norms" ADD CONSTRAINT "national_norms_provider_id_test_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."test_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_norms" ADD CONSTRAINT "national_norms_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;