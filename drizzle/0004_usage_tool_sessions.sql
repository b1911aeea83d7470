CREATE TABLE "usage_tool_sessions" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"session_id" text NOT NULL,
	"ok" boolean NOT NULL,
	CONSTRAINT "usage_tool_sessions_project_id_day_tool_session_id_pk" PRIMARY KEY("project_id","day","tool","session_id")
);
