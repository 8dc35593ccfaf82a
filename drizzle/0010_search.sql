-- Search (docs/decisions/031-search.md). pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
-- PGlite loads it in lib/db/client.ts (extensions: { pg_trgm }).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"doc" "tsvector" NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('reel','topic'))
);
--> statement-breakpoint
CREATE TABLE "search_stale" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	CONSTRAINT "search_stale_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"df" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_doc_idx" ON "search_documents" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Hand-written below: the triggers that name every row whose search document must be made again, whoever writes it.
CREATE OR REPLACE FUNCTION search_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_stale (kind, ref_id)
  VALUES (TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER content_items_search_stale AFTER INSERT OR DELETE OR UPDATE OF description, option_id, lang ON content_items
  FOR EACH ROW EXECUTE FUNCTION search_mark_stale('reel');--> statement-breakpoint
CREATE TRIGGER options_search_stale AFTER INSERT OR DELETE OR UPDATE OF name, translations, category_id ON options
  FOR EACH ROW EXECUTE FUNCTION search_mark_stale('option');--> statement-breakpoint
CREATE TRIGGER categories_search_stale AFTER INSERT OR DELETE OR UPDATE OF name, translations, topic_id ON categories
  FOR EACH ROW EXECUTE FUNCTION search_mark_stale('category');--> statement-breakpoint
CREATE TRIGGER topics_search_stale AFTER INSERT OR DELETE OR UPDATE OF name, description, translations ON topics
  FOR EACH ROW EXECUTE FUNCTION search_mark_stale('topic');--> statement-breakpoint
-- Backfill: every reel and topic of an existing database is made on the first search after this migration.
INSERT INTO search_stale (kind, ref_id) SELECT 'reel', id FROM content_items ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO search_stale (kind, ref_id) SELECT 'topic', id FROM topics ON CONFLICT DO NOTHING;