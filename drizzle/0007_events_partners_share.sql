CREATE TABLE "funnel_steps" (
	"viewer_id" text NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"partner_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "funnel_steps_viewer_id_stage_pk" PRIMARY KEY("viewer_id","stage"),
	CONSTRAINT "funnel_steps_stage_check" CHECK ("funnel_steps"."stage" in ('share','visit','sign_in','lead','deal'))
);
--> statement-breakpoint
CREATE TABLE "partner_topics" (
	"partner_id" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_topics_partner_id_topic_id_pk" PRIMARY KEY("partner_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cta_text" text DEFAULT '' NOT NULL,
	"form_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ui_config" text,
	"button_text" text DEFAULT '' NOT NULL,
	"button_configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" text,
	"guide_content_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_ui_config_check" CHECK ("partners"."ui_config" is null or "partners"."ui_config" in ('webadbased','topvideos','awardbased'))
);
--> statement-breakpoint
CREATE TABLE "reel_daily_stats" (
	"day" date NOT NULL,
	"content_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"watch_seconds" real DEFAULT 0 NOT NULL,
	CONSTRAINT "reel_daily_stats_day_content_id_pk" PRIMARY KEY("day","content_id")
);
--> statement-breakpoint
CREATE TABLE "viewer_attribution" (
	"viewer_id" text PRIMARY KEY NOT NULL,
	"campaign" text,
	"partner_id" text,
	"utm" jsonb,
	"ab_view" text,
	"referrer_code" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "share_slug" text GENERATED ALWAYS AS (substr(md5(id::text), 1, 10)) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ingest_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "partner_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ab_view" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "view_ok" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "derived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Events stored before the derivation worker were applied when they were ingested.
UPDATE "events" SET "derived" = true;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "partner_id" text;--> statement-breakpoint
ALTER TABLE "partner_topics" ADD CONSTRAINT "partner_topics_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_topics" ADD CONSTRAINT "partner_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_guide_content_id_content_items_id_fk" FOREIGN KEY ("guide_content_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_steps_stage_at_idx" ON "funnel_steps" USING btree ("stage","at");--> statement-breakpoint
CREATE INDEX "reel_daily_stats_day_idx" ON "reel_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "content_share_slug_uq" ON "content_items" USING btree ("share_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_ingest_uq" ON "events" USING btree ("ingest_id");--> statement-breakpoint
CREATE INDEX "events_underived_idx" ON "events" USING btree ("id") WHERE not "events"."derived";--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");