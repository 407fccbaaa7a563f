-- EDEXML (issue 32): the vestigingen (locations) of a school as its administration system names them, the one a
-- pupil and a group are at, and a pupil's voorletters (initials).
CREATE TABLE "school_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"external_key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "school_locations_school_key" UNIQUE("school_id","external_key")
);
--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "initials" text;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "year_classes" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "school_locations" ADD CONSTRAINT "school_locations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupils" ADD CONSTRAINT "pupils_location_id_school_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."school_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_classes" ADD CONSTRAINT "year_classes_location_id_school_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."school_locations"("id") ON DELETE set null ON UPDATE no action;