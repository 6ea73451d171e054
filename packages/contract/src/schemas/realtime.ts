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
