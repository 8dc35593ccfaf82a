CREATE TABLE "content_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "guide_content_id" uuid;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reviews_content_idx" ON "content_reviews" USING btree ("content_id","id");--> statement-breakpoint
CREATE INDEX "content_hash_idx" ON "content_items" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "content_user_idx" ON "content_items" USING btree ("user_id");