-- The inspectorate's open data (issue 32, section 2): its published figures per school location, and the
-- schoolweging and 1S/2F signaleringswaarde a superuser entered from its letter.
CREATE TABLE "inspectorate_figures" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"ovt" text NOT NULL,
	"location_code" text NOT NULL,
	"years" jsonb NOT NULL,
	"schoolweging" double precision,
	"schoolweging_category" text,
	"signal_1f" double precision,
	"signal_target" double precision,
	"weighted_1f" double precision,
	"weighted_target" double precision,
	"total_pupils" integer,
	"outcome_1f" text,
	"outcome_target" text,
	"imported_at" timestamp with time zone NOT NULL,
	"imported_by_id" integer,
	CONSTRAINT "inspectorate_figures_school_location" UNIQUE("school_id","location_code"),
	CONSTRAINT "inspectorate_figures_outcome_1f" CHECK ("inspectorate_figures"."outcome_1f" in ('above', 'below')),
	CONSTRAINT "inspectorate_figures_outcome_target" CHECK ("inspectorate_figures"."outcome_target" in ('above', 'below'))
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "signal_target" double precision;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "inspection_values_entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspectorate_figures" ADD CONSTRAINT "inspectorate_figures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspectorate_figures" ADD CONSTRAINT "inspectorate_figures_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;