CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"matched_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewer_id" text NOT NULL,
	"topic" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"viewer_id" text,
	"idempotency_key" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"pin_code" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"crm_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "leads_kind_check" CHECK ("leads"."kind" in ('callback','subsidy'))
);
--> statement-breakpoint
CREATE TABLE "qa_entries" (
	"entry_id" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"alternates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_entries_entry_id_language_pk" PRIMARY KEY("entry_id","language")
);
--> statement-breakpoint
CREATE TABLE "suggested_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"form" text NOT NULL,
	"position" integer NOT NULL,
	"icon" text NOT NULL,
	"q" text NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suggested_lang_form_pos_uq" ON "suggested_questions" USING btree ("language","form","position");