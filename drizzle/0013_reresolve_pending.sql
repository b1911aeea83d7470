CREATE TABLE "reresolve_pending" (
	"project_id" text PRIMARY KEY NOT NULL
);
