CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_source_check" CHECK ("contacts"."source" in ('manual','picker','device','vcard','csv','google','migrated'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"consumer_number" text,
	"address" text DEFAULT '' NOT NULL,
	"address_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "deal_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"author_user_id" uuid,
	"client_key" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url_id" text NOT NULL,
	"source" text DEFAULT 'provider' NOT NULL,
	"title" text NOT NULL,
	"ribbon" text,
	"description" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"reward_inr" integer NOT NULL,
	"customers_only" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_url_id_unique" UNIQUE("url_id"),
	CONSTRAINT "deals_reward_check" CHECK ("deals"."reward_inr" >= 0 and "deals"."reward_inr" <= 1000000)
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"deal_id" uuid,
	"viewer_id" text NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"what" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"actor_user_id" uuid,
	"actor_kind" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"referee_user_id" uuid,
	"referee_phone" text NOT NULL,
	"referee_name" text DEFAULT '' NOT NULL,
	"referee_consumer_number" text,
	"referee_address" text,
	"referee_address_key" text,
	"initiated_by" text NOT NULL,
	"state" text NOT NULL,
	"step" text,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"order_placed_at" timestamp with time zone,
	"last_reminder_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_initiated_check" CHECK ("referrals"."initiated_by" in ('referrer','referee')),
	CONSTRAINT "referrals_state_check" CHECK ("referrals"."state" in ('open','pending','accepted','declined','expired','canceled'))
);
--> statement-breakpoint
CREATE TABLE "reward_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reward_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"amount_inr" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"scratchable_at" timestamp with time zone,
	"scratched_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"payout_vpa" text,
	"claim_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_referral_id_unique" UNIQUE("referral_id"),
	CONSTRAINT "rewards_claim_key_unique" UNIQUE("claim_key"),
	CONSTRAINT "rewards_state_check" CHECK ("rewards"."state" in ('pending','hold','approved','claimed','canceled','fraud'))
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"user_id" uuid NOT NULL,
	"viewer_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_user_id_viewer_id_pk" PRIMARY KEY("user_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_notes" ADD CONSTRAINT "deal_notes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_notes" ADD CONSTRAINT "deal_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_moves" ADD CONSTRAINT "referral_moves_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_moves" ADD CONSTRAINT "referral_moves_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_user_id_users_id_fk" FOREIGN KEY ("referee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_moves" ADD CONSTRAINT "reward_moves_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_moves" ADD CONSTRAINT "reward_moves_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_phone_uq" ON "contacts" USING btree ("owner_user_id","phone");--> statement-breakpoint
CREATE INDEX "customers_consumer_idx" ON "customers" USING btree ("consumer_number");--> statement-breakpoint
CREATE INDEX "customers_address_idx" ON "customers" USING btree ("address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_notes_key_uq" ON "deal_notes" USING btree ("referral_id","client_key");--> statement-breakpoint
CREATE INDEX "referral_clicks_viewer_idx" ON "referral_clicks" USING btree ("viewer_id","clicked_at");--> statement-breakpoint
CREATE INDEX "referral_moves_referral_idx" ON "referral_moves" USING btree ("referral_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_sender_key_uq" ON "referrals" USING btree ("referrer_user_id","initiated_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_referee_idx" ON "referrals" USING btree ("referee_user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_phone_idx" ON "referrals" USING btree ("referee_phone");--> statement-breakpoint
CREATE INDEX "reward_moves_reward_idx" ON "reward_moves" USING btree ("reward_id","at");--> statement-breakpoint
CREATE INDEX "rewards_referrer_idx" ON "rewards" USING btree ("referrer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_devices_viewer_idx" ON "user_devices" USING btree ("viewer_id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('ADMIN','CREATOR','CO-CURATOR','CURATOR','STAFF'));