CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"brin_code" text NOT NULL,
	"name" text NOT NULL,
	"start_year" integer NOT NULL,
	"paying_status" boolean DEFAULT false NOT NULL,
	"is_connection_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_brin_code_unique" UNIQUE("brin_code")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "login_attempts_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"current_school_year" integer
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"show_national_average" boolean DEFAULT true NOT NULL,
	"show_bar_average" boolean DEFAULT true NOT NULL,
	"aggregation_type" text DEFAULT 'year' NOT NULL,
	"preferred_tests_view" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "user_settings_aggregation_type_check" CHECK ("user_settings"."aggregation_type" in ('year', 'moment'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"is_restricted" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"totp_secret_enc" text,
	"totp_active" boolean DEFAULT false NOT NULL,
	"totp_last_used_step" bigint,
	"homepage_page" text,
	"homepage_school_id" integer,
	"homepage_group_id" integer,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('nl', 'en')),
	CONSTRAINT "users_homepage_page_check" CHECK ("users"."homepage_page" is null or "users"."homepage_page" in ('schools', 'school', 'groups', 'group-worksheet', 'pupils'))
);
--> statement-breakpoint
CREATE TABLE "hidden_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"school_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_notifications_key" UNIQUE NULLS NOT DISTINCT("user_id","school_id","kind","school_year"),
	CONSTRAINT "hidden_notifications_kind_check" CHECK ("hidden_notifications"."kind" in ('disconnected_school', 'new_school_year'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"email" text NOT NULL,
	"key_hash" text NOT NULL,
	"is_school_superuser" boolean DEFAULT false NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	CONSTRAINT "invitations_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "school_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_school_superuser" boolean DEFAULT false NOT NULL,
	"is_senco" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_memberships_school_user_key" UNIQUE("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pinned_pupils" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pinned_pupils_user_pupil_key" UNIQUE("user_id","pupil_id")
);
--> statement-breakpoint
CREATE TABLE "pupils" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name_prefix" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"gender" text,
	"external_key" text,
	"cito_is_excluded" boolean DEFAULT false NOT NULL,
	"show_outflow_profile" boolean DEFAULT false NOT NULL,
	"date_left" date
);
--> statement-breakpoint
CREATE TABLE "teacher_group_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	CONSTRAINT "teacher_group_permissions_user_class_key" UNIQUE("user_id","year_class_id")
);
--> statement-breakpoint
CREATE TABLE "year_class_pupils" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"grade" integer NOT NULL,
	CONSTRAINT "year_class_pupils_class_pupil_key" UNIQUE("year_class_id","pupil_id"),
	CONSTRAINT "year_class_pupils_grade_check" CHECK ("year_class_pupils"."grade" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "year_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"calendar_year" integer NOT NULL,
	"grade" integer NOT NULL,
	"external_key" text,
	CONSTRAINT "year_classes_school_year_name_key" UNIQUE("school_id","calendar_year","name"),
	CONSTRAINT "year_classes_grade_check" CHECK ("year_classes"."grade" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "domains_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"grade" integer,
	CONSTRAINT "goals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "method_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"method_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"grade" integer NOT NULL,
	"block" integer NOT NULL,
	"chapter" text,
	"position" integer NOT NULL,
	"max_score" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"subject_id" integer NOT NULL,
	"publisher" text,
	CONSTRAINT "methods_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "national_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"grade_from" integer NOT NULL,
	"grade_to" integer NOT NULL,
	"year_time" text,
	CONSTRAINT "national_tests_provider_code_key" UNIQUE("provider_id","code"),
	CONSTRAINT "national_tests_year_time_check" CHECK ("national_tests"."year_time" is null or "national_tests"."year_time" in ('X', 'B', 'M', 'E'))
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer NOT NULL,
	"is_preschool" boolean DEFAULT false NOT NULL,
	CONSTRAINT "subjects_code_unique" UNIQUE("code"),
	CONSTRAINT "subjects_code_check" CHECK ("subjects"."code" in ('RW', 'SP', 'TBL', 'DMT', 'WST', 'RvK', 'TvK'))
);
--> statement-breakpoint
CREATE TABLE "test_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	CONSTRAINT "test_providers_code_unique" UNIQUE("code"),
	CONSTRAINT "test_providers_code_check" CHECK ("test_providers"."code" in ('CITO', 'DIA', 'IEP'))
);
--> statement-breakpoint
CREATE TABLE "test_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"method_test_id" integer,
	"national_test_id" integer,
	"code" text NOT NULL,
	"subtype_id" integer,
	"subtype_name" text,
	"goal_id" integer,
	"domain_id" integer,
	"name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"max_score" integer NOT NULL,
	CONSTRAINT "test_sections_one_test_check" CHECK (num_nonnulls("test_sections"."method_test_id", "test_sections"."national_test_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "method_test_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"method_test_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"score" real NOT NULL,
	"performance" text NOT NULL,
	"test_date" date NOT NULL,
	CONSTRAINT "method_test_scores_performance_check" CHECK ("method_test_scores"."performance" in ('G', 'V', 'M', 'O'))
);
--> statement-breakpoint
CREATE TABLE "national_test_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"national_test_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"year_time" text NOT NULL,
	"grade" integer NOT NULL,
	"test_date" date,
	"level_value" integer,
	"ability_score" real,
	"percentile" integer,
	"alphabetical" text,
	"roman" text,
	"functional_level" text,
	"dle" integer,
	"reference_level" text,
	"projected_reference_level" text,
	CONSTRAINT "national_test_scores_year_time_check" CHECK ("national_test_scores"."year_time" in ('X', 'B', 'M', 'E')),
	CONSTRAINT "national_test_scores_level_value_check" CHECK ("national_test_scores"."level_value" is null or "national_test_scores"."level_value" between 0 and 5),
	CONSTRAINT "national_test_scores_percentile_check" CHECK ("national_test_scores"."percentile" is null or "national_test_scores"."percentile" between 0 and 100),
	CONSTRAINT "national_test_scores_alphabetical_check" CHECK ("national_test_scores"."alphabetical" is null or "national_test_scores"."alphabetical" in ('A', 'B', 'C', 'D', 'E')),
	CONSTRAINT "national_test_scores_roman_check" CHECK ("national_test_scores"."roman" is null or "national_test_scores"."roman" in ('I', 'II', 'III', 'IV', 'V')),
	CONSTRAINT "national_test_scores_reference_level_check" CHECK ("national_test_scores"."reference_level" is null or "national_test_scores"."reference_level" in ('1F', '1S', '2F')),
	CONSTRAINT "national_test_scores_projected_reference_level_check" CHECK ("national_test_scores"."projected_reference_level" is null or "national_test_scores"."projected_reference_level" in ('1F', '1S', '2F'))
);
--> statement-breakpoint
CREATE TABLE "school_ambitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"low_score" real NOT NULL,
	"high_score" real NOT NULL,
	CONSTRAINT "school_ambitions_school_subject_key" UNIQUE("school_id","subject_id"),
	CONSTRAINT "school_ambitions_band_check" CHECK ("school_ambitions"."low_score" <= "school_ambitions"."high_score")
);
--> statement-breakpoint
CREATE TABLE "test_section_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"method_test_score_id" integer NOT NULL,
	"test_section_id" integer NOT NULL,
	"score" real NOT NULL,
	"max_score" integer NOT NULL,
	CONSTRAINT "test_section_scores_score_section_key" UNIQUE("method_test_score_id","test_section_id")
);
--> statement-breakpoint
CREATE TABLE "pupil_approach_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"year_class_id" integer,
	"school_year" integer NOT NULL,
	"approach" text NOT NULL,
	"changed_by" integer,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_approach_logs_approach_check" CHECK ("pupil_approach_logs"."approach" in ('enriched', 'basic', 'intensive', 'undefined'))
);
--> statement-breakpoint
CREATE TABLE "pupil_approaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"year_class_id" integer,
	"calendar_year" integer NOT NULL,
	"approach" text NOT NULL,
	"changed_by" integer,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_approaches_pupil_subject_year_key" UNIQUE("pupil_id","subject_id","calendar_year"),
	CONSTRAINT "pupil_approaches_approach_check" CHECK ("pupil_approaches"."approach" in ('enriched', 'basic', 'intensive', 'undefined'))
);
--> statement-breakpoint
CREATE TABLE "pupil_note_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_note_categories_school_code_key" UNIQUE("school_id","code")
);
--> statement-breakpoint
CREATE TABLE "pupil_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"category_id" integer,
	"category" text DEFAULT 'general' NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"date_archived" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pupil_outflow_advice" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"outflow_advice" text NOT NULL,
	"calendar_year" integer NOT NULL,
	"final_test_score" integer,
	"changed_by" integer,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_outflow_advice_pupil_id_unique" UNIQUE("pupil_id"),
	CONSTRAINT "pupil_outflow_advice_advice_check" CHECK ("pupil_outflow_advice"."outflow_advice" in ('VSO', 'PrO', 'VMBO-BB', 'VMBO-KB', 'VMBO-GL/TL', 'VMBO-TL/HAVO', 'HAVO', 'HAVO/VWO', 'VWO'))
);
--> statement-breakpoint
CREATE TABLE "school_outflow" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"advice" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "school_outflow_school_year_advice_key" UNIQUE("school_id","calendar_year","advice"),
	CONSTRAINT "school_outflow_advice_check" CHECK ("school_outflow"."advice" in ('VSO', 'PrO', 'VMBO-BB', 'VMBO-KB', 'VMBO-GL/TL', 'VMBO-TL/HAVO', 'HAVO', 'HAVO/VWO', 'VWO'))
);
--> statement-breakpoint
CREATE TABLE "score_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"cito_test_score_id" integer,
	"method_test_score_id" integer,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"forward_looking" text,
	"author_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_notes_one_score_check" CHECK (num_nonnulls("score_notes"."cito_test_score_id", "score_notes"."method_test_score_id") = 1),
	CONSTRAINT "score_notes_forward_looking_check" CHECK ("score_notes"."forward_looking" is null or "score_notes"."cito_test_score_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "social_emotional_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"year_class_id" integer,
	"calendar_year" integer NOT NULL,
	"observed_on" date NOT NULL,
	"instrument" text,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "year_class_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"calendar_year" integer NOT NULL,
	"year_time" text,
	"method_test_id" integer,
	"content" text NOT NULL,
	"related_pupil_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"author_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "year_class_notes_kind_check" CHECK ("year_class_notes"."kind" in ('test_moment', 'method_test'))
);
--> statement-breakpoint
CREATE TABLE "group_plan_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"note_category_id" integer NOT NULL,
	"pupil_id" integer,
	"content" text NOT NULL,
	"author_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"date_archived" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_plan_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"allowed_subjects" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"allowed_grades" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"user_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb DEFAULT '{"categories":[]}'::jsonb NOT NULL,
	CONSTRAINT "group_plan_templates_owner_check" CHECK (("group_plan_templates"."is_system" and "group_plan_templates"."school_id" is null) or (not "group_plan_templates"."is_system" and "group_plan_templates"."school_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "group_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"subject_id" integer NOT NULL,
	"year_class_id" integer NOT NULL,
	"template_id" integer,
	"created_by" integer,
	"start_date" date,
	"end_date" date,
	"evaluation" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_plans_evaluation_check" CHECK (char_length("group_plans"."evaluation") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "note_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_note_category_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"layer" text NOT NULL,
	"group_plan_id" integer,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_categories_layer_check" CHECK ("note_categories"."layer" in ('GROUP', 'INSTRUCTION', 'PUPIL'))
);
--> statement-breakpoint
CREATE TABLE "pupil_note_category_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"note_category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_note_category_links_pupil_category_key" UNIQUE("pupil_id","note_category_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"actor_user_id" integer,
	"impersonator_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_subject_check" CHECK ("support_tickets"."subject" in ('tests', 'users', 'key_definitions', 'pupil', 'other')),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('pending', 'sent', 'failed', 'local')),
	CONSTRAINT "support_tickets_message_check" CHECK (char_length("support_tickets"."message") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"stored_path" text,
	"content" "bytea",
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('received', 'processing', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_notifications" ADD CONSTRAINT "hidden_notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_notifications" ADD CONSTRAINT "hidden_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_pupils" ADD CONSTRAINT "pinned_pupils_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_pupils" ADD CONSTRAINT "pinned_pupils_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_pupils" ADD CONSTRAINT "pinned_pupils_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupils" ADD CONSTRAINT "pupils_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_group_permissions" ADD CONSTRAINT "teacher_group_permissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_group_permissions" ADD CONSTRAINT "teacher_group_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_group_permissions" ADD CONSTRAINT "teacher_group_permissions_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_pupils" ADD CONSTRAINT "year_class_pupils_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_pupils" ADD CONSTRAINT "year_class_pupils_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_pupils" ADD CONSTRAINT "year_class_pupils_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_classes" ADD CONSTRAINT "year_classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_tests" ADD CONSTRAINT "method_tests_method_id_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_tests" ADD CONSTRAINT "method_tests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "methods" ADD CONSTRAINT "methods_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_tests" ADD CONSTRAINT "national_tests_provider_id_test_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."test_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_tests" ADD CONSTRAINT "national_tests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_method_test_id_method_tests_id_fk" FOREIGN KEY ("method_test_id") REFERENCES "public"."method_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_national_test_id_national_tests_id_fk" FOREIGN KEY ("national_test_id") REFERENCES "public"."national_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_test_scores" ADD CONSTRAINT "method_test_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_test_scores" ADD CONSTRAINT "method_test_scores_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_test_scores" ADD CONSTRAINT "method_test_scores_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_test_scores" ADD CONSTRAINT "method_test_scores_method_test_id_method_tests_id_fk" FOREIGN KEY ("method_test_id") REFERENCES "public"."method_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "method_test_scores" ADD CONSTRAINT "method_test_scores_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_national_test_id_national_tests_id_fk" FOREIGN KEY ("national_test_id") REFERENCES "public"."national_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_test_scores" ADD CONSTRAINT "national_test_scores_provider_id_test_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."test_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_ambitions" ADD CONSTRAINT "school_ambitions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_ambitions" ADD CONSTRAINT "school_ambitions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_section_scores" ADD CONSTRAINT "test_section_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_section_scores" ADD CONSTRAINT "test_section_scores_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_section_scores" ADD CONSTRAINT "test_section_scores_method_test_score_id_method_test_scores_id_fk" FOREIGN KEY ("method_test_score_id") REFERENCES "public"."method_test_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_section_scores" ADD CONSTRAINT "test_section_scores_test_section_id_test_sections_id_fk" FOREIGN KEY ("test_section_id") REFERENCES "public"."test_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approach_logs" ADD CONSTRAINT "pupil_approach_logs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approach_logs" ADD CONSTRAINT "pupil_approach_logs_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approach_logs" ADD CONSTRAINT "pupil_approach_logs_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approach_logs" ADD CONSTRAINT "pupil_approach_logs_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approach_logs" ADD CONSTRAINT "pupil_approach_logs_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approaches" ADD CONSTRAINT "pupil_approaches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approaches" ADD CONSTRAINT "pupil_approaches_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approaches" ADD CONSTRAINT "pupil_approaches_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approaches" ADD CONSTRAINT "pupil_approaches_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_approaches" ADD CONSTRAINT "pupil_approaches_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_note_categories" ADD CONSTRAINT "pupil_note_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_notes" ADD CONSTRAINT "pupil_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_notes" ADD CONSTRAINT "pupil_notes_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_notes" ADD CONSTRAINT "pupil_notes_category_id_pupil_note_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pupil_note_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_notes" ADD CONSTRAINT "pupil_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_outflow_advice" ADD CONSTRAINT "pupil_outflow_advice_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_outflow_advice" ADD CONSTRAINT "pupil_outflow_advice_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_outflow_advice" ADD CONSTRAINT "pupil_outflow_advice_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_outflow" ADD CONSTRAINT "school_outflow_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_notes" ADD CONSTRAINT "score_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_notes" ADD CONSTRAINT "score_notes_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_notes" ADD CONSTRAINT "score_notes_cito_test_score_id_national_test_scores_id_fk" FOREIGN KEY ("cito_test_score_id") REFERENCES "public"."national_test_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_notes" ADD CONSTRAINT "score_notes_method_test_score_id_method_test_scores_id_fk" FOREIGN KEY ("method_test_score_id") REFERENCES "public"."method_test_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_notes" ADD CONSTRAINT "score_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_emotional_observations" ADD CONSTRAINT "social_emotional_observations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_emotional_observations" ADD CONSTRAINT "social_emotional_observations_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_emotional_observations" ADD CONSTRAINT "social_emotional_observations_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_emotional_observations" ADD CONSTRAINT "social_emotional_observations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_notes" ADD CONSTRAINT "year_class_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_notes" ADD CONSTRAINT "year_class_notes_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_notes" ADD CONSTRAINT "year_class_notes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_notes" ADD CONSTRAINT "year_class_notes_method_test_id_method_tests_id_fk" FOREIGN KEY ("method_test_id") REFERENCES "public"."method_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_class_notes" ADD CONSTRAINT "year_class_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_notes" ADD CONSTRAINT "group_plan_notes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_notes" ADD CONSTRAINT "group_plan_notes_note_category_id_note_categories_id_fk" FOREIGN KEY ("note_category_id") REFERENCES "public"."note_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_notes" ADD CONSTRAINT "group_plan_notes_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_notes" ADD CONSTRAINT "group_plan_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_templates" ADD CONSTRAINT "group_plan_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_templates" ADD CONSTRAINT "group_plan_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_year_class_id_year_classes_id_fk" FOREIGN KEY ("year_class_id") REFERENCES "public"."year_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_template_id_group_plan_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."group_plan_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plans" ADD CONSTRAINT "group_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_categories" ADD CONSTRAINT "note_categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_categories" ADD CONSTRAINT "note_categories_parent_note_category_id_note_categories_id_fk" FOREIGN KEY ("parent_note_category_id") REFERENCES "public"."note_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_categories" ADD CONSTRAINT "note_categories_group_plan_id_group_plans_id_fk" FOREIGN KEY ("group_plan_id") REFERENCES "public"."group_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_categories" ADD CONSTRAINT "note_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_note_category_links" ADD CONSTRAINT "pupil_note_category_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_note_category_links" ADD CONSTRAINT "pupil_note_category_links_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_note_category_links" ADD CONSTRAINT "pupil_note_category_links_note_category_id_note_categories_id_fk" FOREIGN KEY ("note_category_id") REFERENCES "public"."note_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_window_start_idx" ON "login_attempts" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "invitations_school_id_idx" ON "invitations" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "school_memberships_user_id_idx" ON "school_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pinned_pupils_school_user_idx" ON "pinned_pupils" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "pupils_school_id_idx" ON "pupils" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "pupils_school_external_key_idx" ON "pupils" USING btree ("school_id","external_key");--> statement-breakpoint
CREATE INDEX "teacher_group_permissions_school_user_idx" ON "teacher_group_permissions" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "year_class_pupils_year_class_id_idx" ON "year_class_pupils" USING btree ("year_class_id");--> statement-breakpoint
CREATE INDEX "year_class_pupils_school_pupil_idx" ON "year_class_pupils" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "year_classes_school_year_idx" ON "year_classes" USING btree ("school_id","calendar_year");--> statement-breakpoint
CREATE INDEX "method_tests_method_grade_idx" ON "method_tests" USING btree ("method_id","grade");--> statement-breakpoint
CREATE INDEX "test_sections_method_test_id_idx" ON "test_sections" USING btree ("method_test_id");--> statement-breakpoint
CREATE INDEX "test_sections_national_test_id_idx" ON "test_sections" USING btree ("national_test_id");--> statement-breakpoint
CREATE INDEX "method_test_scores_school_pupil_idx" ON "method_test_scores" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "method_test_scores_year_class_id_idx" ON "method_test_scores" USING btree ("year_class_id");--> statement-breakpoint
CREATE INDEX "method_test_scores_school_year_idx" ON "method_test_scores" USING btree ("school_id","calendar_year");--> statement-breakpoint
CREATE INDEX "national_test_scores_school_moment_idx" ON "national_test_scores" USING btree ("school_id","calendar_year","year_time");--> statement-breakpoint
CREATE INDEX "national_test_scores_school_pupil_idx" ON "national_test_scores" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "national_test_scores_year_class_id_idx" ON "national_test_scores" USING btree ("year_class_id");--> statement-breakpoint
CREATE INDEX "test_section_scores_school_pupil_idx" ON "test_section_scores" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "pupil_approach_logs_school_pupil_idx" ON "pupil_approach_logs" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "pupil_approaches_school_pupil_idx" ON "pupil_approaches" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "pupil_approaches_year_class_id_idx" ON "pupil_approaches" USING btree ("year_class_id");--> statement-breakpoint
CREATE INDEX "pupil_notes_school_pupil_idx" ON "pupil_notes" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "pupil_outflow_advice_school_year_idx" ON "pupil_outflow_advice" USING btree ("school_id","calendar_year");--> statement-breakpoint
CREATE INDEX "score_notes_school_pupil_idx" ON "score_notes" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "score_notes_cito_test_score_id_idx" ON "score_notes" USING btree ("cito_test_score_id");--> statement-breakpoint
CREATE INDEX "score_notes_method_test_score_id_idx" ON "score_notes" USING btree ("method_test_score_id");--> statement-breakpoint
CREATE INDEX "social_emotional_observations_school_pupil_idx" ON "social_emotional_observations" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "year_class_notes_year_class_id_idx" ON "year_class_notes" USING btree ("year_class_id");--> statement-breakpoint
CREATE INDEX "group_plan_notes_note_category_id_idx" ON "group_plan_notes" USING btree ("note_category_id");--> statement-breakpoint
CREATE INDEX "group_plan_notes_school_pupil_idx" ON "group_plan_notes" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "group_plan_templates_school_id_idx" ON "group_plan_templates" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "group_plans_year_class_subject_idx" ON "group_plans" USING btree ("year_class_id","subject_id");--> statement-breakpoint
CREATE INDEX "group_plans_school_id_idx" ON "group_plans" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "note_categories_group_plan_id_idx" ON "note_categories" USING btree ("group_plan_id");--> statement-breakpoint
CREATE INDEX "note_categories_school_id_idx" ON "note_categories" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "note_categories_parent_idx" ON "note_categories" USING btree ("parent_note_category_id");--> statement-breakpoint
CREATE INDEX "pupil_note_category_links_note_category_id_idx" ON "pupil_note_category_links" USING btree ("note_category_id");--> statement-breakpoint
CREATE INDEX "audit_log_school_created_idx" ON "audit_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_school_id_idx" ON "support_tickets" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "uploads_school_id_idx" ON "uploads" USING btree ("school_id");