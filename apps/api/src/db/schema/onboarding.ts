import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * The guided tour's steps a person has passed (spec §7 "tooltips/steps"; issue 18). A step is one of
 * the contract's onboarding targets; the tour is finished when users.onboarding_finished_at is set.
 */
export const onboardingSteps = pgTable(
  "onboarding_steps",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    passedAt: timestamp("passed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);
