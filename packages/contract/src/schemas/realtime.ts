import { z } from "zod";
import { contentKinds } from "../enums";

const slug = z
  .string()
  .min(1)
  .max(254)
  .regex(/^[A-Za-z0-9._-]+$/);

export const contentRoomRefSchema = z.strictObject({
  ownerSlug: slug,
  contentSlug: slug,
  contentType: z.enum(contentKinds),
});

/**
 * A socket ticket (POST /api/v1/realtime/ticket, issue 11): short-lived and single-use, what a
 * browser hands the socket handshake as `auth: { ticket }` instead of its session token, which
 * page JavaScript never sees. Null for a visitor (the socket connects anonymously).
 */
export const realtimeTicketSchema = z
  .object({
    ticket: z.string(),
    /** After this instant the handshake refuses the ticket (it is refused after one use anyway). */
    expiresAt: z.string(),
  })
  .meta({ id: "RealtimeTicket" });
export type RealtimeTicket = z.infer<typeof realtimeTicketSchema>;
export const realtimeTicketResponseSchema = z.object({ data: realtimeTicketSchema.nullable() });
