CREATE TABLE "onboarding_steps" (
	"user_id" text NOT NULL,
	"step_id" text NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_user_id_step_id_pk" PRIMARY KEY("user_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "checklist_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_steps" ADD CONSTRAINT "onboarding_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reserved handles (issue 18): a profile whose handle equals a top-level route or a reserved name
-- (the contract's RESERVED_HANDLES as of this migration) moves to that handle plus four digits taken
-- from its id, and the move is written to the audit log.
WITH moved AS (
  UPDATE "profiles" SET "slug" = "slug" || '-' || lpad((abs(hashtext("id")) % 10000)::text, 4, '0'), "updated_at" = now()
  WHERE lower("slug") IN ('admin', 'advertise', 'blog', 'chats', 'companies', 'cookies', 'create', 'create-profile', 'faq', 'jumio', 'login', 'logout', 'moderation-appeal', 'not-available', 'not-found', 'notifications', 'posts', 'privacy', 'releases', 'responses', 'search', 'settings', 'statements', 'terms', 'trust-center', 'verification', 'version.json', 'api', 'socket.io', '_next', 'static', 'favicon.ico', 'robots.txt', 'sitemap.xml', 'administrator', 'moderator', 'staff', 'support', 'help', 'security', 'billing', 'home', 'feed', 'explore', 'messages', 'about', 'me', 'root', 'system')
  RETURNING "id", "slug"
)
INSERT INTO "audit_log" ("id", "action", "resource_type", "resource_id", "after")
SELECT gen_random_uuid()::text, 'profile.handleReserved', 'profile', "id", jsonb_build_object('slug', "slug") FROM moved;
