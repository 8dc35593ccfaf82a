-- An idempotency key now belongs to the visitor who sent it. Leads stored before
-- the visitor was required get 'legacy-<lead id>': it keeps them unique (their keys
-- were unique on their own) and matches no visitor id (20 alphanumerics), so no one
-- can fetch them back by key.
UPDATE "leads" SET "viewer_id" = 'legacy-' || "id"::text WHERE "viewer_id" IS NULL;--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "viewer_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_viewer_idempotency_uq" ON "leads" USING btree ("viewer_id","idempotency_key");
