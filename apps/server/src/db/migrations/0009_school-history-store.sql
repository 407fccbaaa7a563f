CREATE TABLE "school_history_rows" (
	"school_id" integer NOT NULL,
	"level" integer NOT NULL,
	"calendar_year" integer,
	"year_time" text NOT NULL,
	"subject_id" integer NOT NULL,
	"grade" integer,
	"year_class_id" integer,
	"provider_id" integer,
	"norm_ability" double precision,
	"norm_sd" double precision,
	"pupil_count" integer,
	"mean_ability_score" double precision,
	"mean_percentile" double precision,
	"mean_level_value" double precision,
	"level_i" integer,
	"level_ii" integer,
	"level_iii" integer,
	"level_iv" integer,
	"level_v" integer,
	"reference_count" integer,
	"reference_grades" integer[],
	"share_1f" double precision,
	"share_target" double precision,
	"national_ability_score" double precision,
	"tests" text,
	"mean_dle_lag" double precision
);
--> statement-breakpoint
CREATE TABLE "school_history_stale" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"changes" integer DEFAULT 1 NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_history_versions" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_history_rows" ADD CONSTRAINT "school_history_rows_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_history_stale" ADD CONSTRAINT "school_history_stale_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_history_versions" ADD CONSTRAINT "school_history_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_history_rows_school_grade_idx" ON "school_history_rows" USING btree ("school_id","grade");--> statement-breakpoint
-- The schools of `school_ids` (that still exist: a school being deleted takes its results with it) are stale.
-- The upsert locks an existing mark, so a recompute that deletes the mark waits for this transaction.
CREATE FUNCTION "mark_school_history_stale"(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "school_history_stale" ("school_id")
  SELECT DISTINCT s."id" FROM "schools" s WHERE s."id" = ANY(school_ids)
  ORDER BY s."id"
  ON CONFLICT ("school_id") DO UPDATE
    SET "changes" = "school_history_stale"."changes" + 1, "marked_at" = now();
$$;
--> statement-breakpoint
CREATE FUNCTION "national_test_scores_mark_history_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_school_history_stale(ARRAY(SELECT DISTINCT n."school_id" FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mark_school_history_stale(ARRAY(SELECT DISTINCT o."school_id" FROM old_rows o));
  ELSE
    PERFORM mark_school_history_stale(ARRAY(
      SELECT n."school_id" FROM new_rows n UNION SELECT o."school_id" FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_inserted" AFTER INSERT ON "national_test_scores"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_history_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_updated" AFTER UPDATE ON "national_test_scores"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_history_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_test_scores_deleted" AFTER DELETE ON "national_test_scores"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "national_test_scores_mark_history_stale"();
--> statement-breakpoint
CREATE FUNCTION "pupils_mark_school_history_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_school_history_stale(ARRAY[NEW."school_id", OLD."school_id"]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pupils_exclusion_changed" AFTER UPDATE OF "cito_is_excluded", "school_id" ON "pupils"
  FOR EACH ROW WHEN (OLD."cito_is_excluded" IS DISTINCT FROM NEW."cito_is_excluded"
    OR OLD."school_id" IS DISTINCT FROM NEW."school_id")
  EXECUTE FUNCTION "pupils_mark_school_history_stale"();
--> statement-breakpoint
-- A provider's code or priority, a test's version and the norms are in the stored rows: every school with rows is stale.
CREATE FUNCTION "catalog_mark_school_history_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_school_history_stale(ARRAY(SELECT DISTINCT "school_id" FROM "school_history_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "test_providers_changed" AFTER UPDATE OF "code", "priority" ON "test_providers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_mark_school_history_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_tests_changed" AFTER UPDATE OF "version", "subject_id", "provider_id" ON "national_tests"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_mark_school_history_stale"();
--> statement-breakpoint
CREATE TRIGGER "national_norms_changed" AFTER INSERT OR UPDATE OR DELETE ON "national_norms"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_mark_school_history_stale"();
--> statement-breakpoint
INSERT INTO "school_history_stale" ("school_id") SELECT DISTINCT "school_id" FROM "national_test_scores";
