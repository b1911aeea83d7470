-- Issue 46: two live tokens of a project could share a name, so a list, an event or a policy
-- that named one named both. A name now belongs to one live token (a revoked token keeps its
-- name, and a new token may take it). Live tokens that share a name keep it in the order they
-- were made: the first keeps the name, the later ones become "name (2)", "name (3)", or
-- "name (<id>)" where a live token already has that name. Their secrets and ids stay, so every
-- proxy keeps working, and the policy names tokens by id since 0027.
WITH "later" AS (
  SELECT "id", "project_id", "name",
         row_number() OVER (PARTITION BY "project_id", "name" ORDER BY "created_at", "id") AS "n"
  FROM "project_tokens" WHERE "revoked_at" IS NULL
)
UPDATE "project_tokens" t SET "name" = CASE
    WHEN EXISTS (
      SELECT 1 FROM "project_tokens" o
      WHERE o."project_id" = l."project_id" AND o."revoked_at" IS NULL AND o."name" = l."name" || ' (' || l."n" || ')')
    THEN l."name" || ' (' || l."id" || ')'
    ELSE l."name" || ' (' || l."n" || ')'
  END
FROM "later" l
WHERE t."id" = l."id" AND l."n" > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "project_tokens_live_name_idx" ON "project_tokens" USING btree ("project_id","name") WHERE "project_tokens"."revoked_at" is null;
