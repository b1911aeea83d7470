CREATE TABLE "usage_unresolved_days" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"names" integer NOT NULL,
	CONSTRAINT "usage_unresolved_days_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
DROP INDEX "usage_daily_unattributed_idx";--> statement-breakpoint
CREATE INDEX "usage_daily_unattributed_idx" ON "usage_daily" USING btree ("project_id","kind","day","tool") WHERE "usage_daily"."kind" <> 'tool';--> statement-breakpoint
-- Issue 20: each UTC day keeps its first 1,000 distinct unresolved names (UNRESOLVED_NAMES_PER_DAY)
-- under their own rows and counts later ones in the day's rest (tool ''). Stored days are counted
-- as they are; a day already over the bound keeps its 1,000 most called names and folds the others
-- into its rest, one row per namespace, so the totals stay what they were.
INSERT INTO "usage_unresolved_days" ("project_id", "day", "names")
SELECT "project_id", "day", count(DISTINCT "tool") FROM "usage_daily" WHERE "kind" = 'unresolved' GROUP BY "project_id", "day";
--> statement-breakpoint
CREATE TEMP TABLE "folded_names" AS
SELECT "project_id", "day", "tool" FROM (
  SELECT "project_id", "day", "tool", row_number() OVER (PARTITION BY "project_id", "day" ORDER BY sum("calls") DESC, "tool") AS "place"
  FROM "usage_daily" WHERE "kind" = 'unresolved' GROUP BY "project_id", "day", "tool"
) r WHERE "place" > 1000;
--> statement-breakpoint
WITH "folded" AS (
  DELETE FROM "usage_daily" u USING "folded_names" f
  WHERE u."project_id" = f."project_id" AND u."day" = f."day" AND u."kind" = 'unresolved' AND u."tool" = f."tool"
  RETURNING u.*
)
INSERT INTO "usage_daily" ("project_id", "day", "kind", "tool", "namespace", "calls", "errors", "last_used", "last_ok_used")
SELECT "project_id", "day", 'unresolved', '', "namespace", sum("calls"), sum("errors"), max("last_used"), max("last_ok_used")
FROM "folded" GROUP BY "project_id", "day", "namespace";
--> statement-breakpoint
DROP TABLE "folded_names";
