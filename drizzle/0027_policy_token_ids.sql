-- Issue 46: a policy rule named a token by its name, so every token of that name was one
-- identity. Rules now name a token by its id (§policy). Each `token:<name>` in a project's
-- policy becomes `token:<id>` of each live token of that name (several where several tokens
-- shared it, so each keeps the rules it had); a name no live token has stays as written, and
-- the token made later with that name takes it up. The policy's history keeps what was saved.
UPDATE "projects" p SET "policy" = jsonb_set(p."policy", '{rules}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(r."rule"->'identities') = 'array' THEN jsonb_set(r."rule", '{identities}', (
      SELECT coalesce(jsonb_agg(x."identity" ORDER BY x."ord", x."id"), '[]'::jsonb) FROM (
        SELECT i."ord", t."id", to_jsonb('token:' || t."id") AS "identity"
          FROM jsonb_array_elements_text(r."rule"->'identities') WITH ORDINALITY i("identity", "ord")
          JOIN "project_tokens" t ON t."project_id" = p."id" AND t."revoked_at" IS NULL AND i."identity" = 'token:' || t."name"
        UNION ALL
        SELECT i."ord", '' AS "id", to_jsonb(i."identity")
          FROM jsonb_array_elements_text(r."rule"->'identities') WITH ORDINALITY i("identity", "ord")
          WHERE NOT EXISTS (
            SELECT 1 FROM "project_tokens" t
            WHERE t."project_id" = p."id" AND t."revoked_at" IS NULL AND i."identity" = 'token:' || t."name")
      ) x))
    ELSE r."rule" END ORDER BY r."ord"), '[]'::jsonb)
  FROM jsonb_array_elements(p."policy"->'rules') WITH ORDINALITY r("rule", "ord")))
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(p."policy"->'rules') r("rule")
  CROSS JOIN jsonb_array_elements_text(CASE WHEN jsonb_typeof(r."rule"->'identities') = 'array' THEN r."rule"->'identities' ELSE '[]'::jsonb END) i("identity")
  JOIN "project_tokens" t ON t."project_id" = p."id" AND t."revoked_at" IS NULL AND i."identity" = 'token:' || t."name");
