CREATE TABLE "email_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_change_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonated_school_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_provider_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_requests_user_id_idx" ON "email_change_requests" USING btree ("user_id");--> statement-breakpoint
-- Invitations stored before this migration were mailed when they were made.
UPDATE "invitations" SET "mail_sent_at" = "created_at" WHERE "mail_sent_at" IS NULL;
