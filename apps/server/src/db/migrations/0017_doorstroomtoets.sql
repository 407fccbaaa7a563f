CREATE TABLE "pupil_doorstroomtoets" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"test" text NOT NULL,
	"test_date" date NOT NULL,
	"calendar_year" integer NOT NULL,
	"lezen" text NOT NULL,
	"taalverzorging" text NOT NULL,
	"rekenen" text NOT NULL,
	"advice" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pupil_doorstroomtoets_test_check" CHECK ("pupil_doorstroomtoets"."test" in ('CITO', 'IEP', 'ROUTE8', 'DIA', 'AMN', 'OTHER')),
	CONSTRAINT "pupil_doorstroomtoets_lezen_check" CHECK ("pupil_doorstroomtoets"."lezen" in ('<1F', '1F', '1S', '2F')),
	CONSTRAINT "pupil_doorstroomtoets_taalverzorging_check" CHECK ("pupil_doorstroomtoets"."taalverzorging" in ('<1F', '1F', '1S', '2F')),
	CONSTRAINT "pupil_doorstroomtoets_rekenen_check" CHECK ("pupil_doorstroomtoets"."rekenen" in ('<1F', '1F', '1S', '2F')),
	CONSTRAINT "pupil_doorstroomtoets_advice_check" CHECK ("pupil_doorstroomtoets"."advice" in ('VSO', 'PrO', 'VMBO-BB', 'VMBO-KB', 'VMBO-GL/TL', 'VMBO-TL/HAVO', 'HAVO', 'HAVO/VWO', 'VWO'))
);
--> statement-breakpoint
ALTER TABLE "pupil_doorstroomtoets" ADD CONSTRAINT "pupil_doorstroomtoets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_doorstroomtoets" ADD CONSTRAINT "pupil_doorstroomtoets_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_doorstroomtoets" ADD CONSTRAINT "pupil_doorstroomtoets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_doorstroomtoets" ADD CONSTRAINT "pupil_doorstroomtoets_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pupil_doorstroomtoets_school_pupil_idx" ON "pupil_doorstroomtoets" USING btree ("school_id","pupil_id");--> statement-breakpoint
CREATE INDEX "pupil_doorstroomtoets_school_year_idx" ON "pupil_doorstroomtoets" USING btree ("school_id","calendar_year");