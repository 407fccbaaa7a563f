CREATE TABLE "national_result_sums" (
	"school_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"year_time" text NOT NULL,
	"subject_id" integer NOT NULL,
	"grade" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_priority" integer NOT NULL,
	"test_version" text NOT NULL,
	"counted" boolean NOT NULL,
	"n" integer NOT NULL,
	"ability_sum" double precision,
	"ability_n" integer NOT NULL,
	"percentile_sum" bigint,
	"percentile_n" integer NOT NULL,
	"level_sum" bigint,
	"level_n" integer NOT NULL,
	"level_i" integer NOT NULL,
	"level_ii" integer NOT NULL,
	"level_iii" integer NOT NULL,
	"level_iv" integer NOT NULL,
	"level_v" integer NOT NULL,
	"reference_count" integer NOT NULL,
	"at_1f" integer NOT NULL,
	"at_target" integer NOT NULL,
	"lag_sum" bigint,
	"lag_n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "national_result_sums_stale" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "national_result_sums" ADD CONSTRAINT "national_result_sums_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_result_sums_stale" ADD CONSTRAINT "national_result_sums_stale_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "national_result_sums_school_idx" ON "national_result_sums" USING btree ("school_id");--> statement-breakpoint
-- The schools of `school_ids` (that still exist: a school being deleted takes its results with it) are stale.
-- The upsert locks an existing mark, so a recompute that deletes the mark waits for this transaction.
CREATE FUNCTION "mark_national_result_sums_stale"(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "national_result_sums_stale" ("school_id")
  SELECT DISTINCT s."id" FROM "schools" s WHERE s."id" = ANY(school_ids)
  ORDER BY s."id"
  ON CONFLICT ("school_id") DO UPDATE
    SET "changes" = "national_result_sums_stale"."changes" + 1, "marked_at" = now();
$$;
--> statement-breakpoint
CREATE FUNCTION "national_test_scores_mark_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_national_result_sums_stale(ARRAY(SELECT DISTINCT n."school_id" FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mark_national_result_sums_stale(ARRAY(SELECT DISTINCT o."school_id" FROM old_rows o));
  ELSE
    PERFORM mark_national_result_sums_stale(ARRAY(
      SELECT n."school_id" FROM new_rows n UNION SELECT o."school_id" FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_inserted" AFTER INSERT ON "national_test_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_updated" AFTER UPDATE ON "national_test_scores"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_deleted" AFTER DELETE ON "national_test_scores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_stale"();
--> statement-breakpoint
CREATE FUNCTION "pupils_mark_result_sums_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_national_result_sums_stale(ARRAY[NEW."school_id", OLD."school_id"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pupils_exclusion_changed" AFTER UPDATE OF "cito_is_excluded", "school_id" ON "pupils"
  FOR EACH ROW WHEN (OLD."cito_is_excluded" IS DISTINCT FROM NEW."cito_is_excluded"
    OR OLD."school_id" IS DISTINCT FROM NEW."school_id")
  EXECUTE FUNCTION "pupils_mark_result_sums_stale"();
--> statement-breakpoint
-- A provider's code or priority and a test's version are copied into the sums: every school with sums is stale.
CREATE FUNCTION "catalog_mark_result_sums_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_national_result_sums_stale(ARRAY(SELECT DISTINCT "school_id" FROM "national_result_sums"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_providers_changed" AFTER UPDATE OF "code", "priority" ON "test_providers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_mark_result_sums_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_tests_changed" AFTER UPDATE OF "version", "subject_id", "provider_id" ON "national_tests"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_mark_result_sums_stale"();
--> statement-breakpoint
INSERT INTO "national_result_sums_stale" ("school_id") SELECT DISTINCT "school_id" FROM "national_test_scores";
