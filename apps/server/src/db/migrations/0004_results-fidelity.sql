ALTER TABLE "national_test_scores" DROP CONSTRAINT "national_test_scores_reference_level_check";--> statement-breakpoint
ALTER TABLE "national_test_scores" DROP CONSTRAINT "national_test_scores_projected_reference_level_check";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "schoolweging" real;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "verdict_measure" text DEFAULT 'levelValue' NOT NULL;--> statement-breakpoint
ALTER TABLE "national_norms" ADD COLUMN "ability_sd" real;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD COLUMN "dle_above_scale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_verdict_measure_check" CHECK ("user_settings"."verdict_measure" in ('levelValue', 'percentile'));--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_reference_level_check" CHECK ("national_test_scores"."reference_level" is null or "national_test_scores"."reference_level" in ('<1F', '1F', '1S', '2F'));--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_projected_reference_level_check" CHECK ("national_test_scores"."projected_reference_level" is null or "national_test_scores"."projected_reference_level" in ('<1F', '1F', '1S', '2F'));