import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A public profile: a person (type user, one per login) or a company (type company, managed by
 * members). Everything published, followed or commented belongs to a profile, so acting as a
 * company is just acting as another profile.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(), // user | company
    /** The login that owns a personal profile; null for companies. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    profession: text("profession"),
    about: text("about"),
    city: text("city"),
    country: text("country"),
    imageUrl: text("image_url"),
    backgroundUrl: text("background_url"),
    verificationStatus: text("verification_status").notNull().default("not_verified"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    privacy: text("privacy").notNull().default("base_privacy"),
    status: text("status").notNull().default("active"),
    socialLinks: text("social_links").notNull().default("{}"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    additionalEmail: text("additional_email"),
    additionalPhone: text("additional_phone"),
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Handles are case-insensitive: "Anna" and "anna" are the same handle.
    uniqueIndex("profiles_slug_lower_idx").on(sql`lower(${t.slug})`),
    uniqueIndex("profiles_personal_user_idx").on(t.userId).where(sql`${t.type} = 'user'`),
    index("profiles_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/** Who may act for a company profile, and as what (owner, manager, company_employee). */
export const companyMembers = pgTable(
  "company_members",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    position: text("position"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("company_members_user_idx").on(t.userId)],
);
