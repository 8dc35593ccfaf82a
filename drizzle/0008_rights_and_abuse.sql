CREATE TABLE "device_users" (
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_users_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "upload_reservations" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_notes" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "otp_log" ADD COLUMN "viewer_id" text;--> statement-breakpoint
ALTER TABLE "otp_requests" ADD COLUMN "viewer_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "claim_request_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_users_user_idx" ON "device_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upload_reservations_user_idx" ON "upload_reservations" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "otp_log_viewer_idx" ON "otp_log" USING btree ("viewer_id","phone","kind","at");--> statement-breakpoint
CREATE INDEX "otp_requests_viewer_idx" ON "otp_requests" USING btree ("viewer_id","phone","created_at");