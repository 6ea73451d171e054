CREATE TABLE "content_counts" (
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_counts_owner_id_kind_status_pk" PRIMARY KEY("owner_id","kind","status")
);
--> statement-breakpoint
ALTER TABLE "content_counts" ADD CONSTRAINT "content_counts_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;