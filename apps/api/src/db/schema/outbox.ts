import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dev outbox: mails and text messages the product would have sent, when no SMTP server
 * (SMTP_URL) is configured, or from the SMS sandbox. Stored in the database, so every API node
 * lists the same messages (GET /api/dev/outbox, outside production only).
 */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    /** email | sms */
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dev_outbox_created_idx").on(t.createdAt.desc()),
    index("dev_outbox_recipient_idx").on(t.recipient),
  ],
);
