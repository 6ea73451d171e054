import { isUrlWithinLimit } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { z } from "zod";

/**
 * A URL field of a form schema (§5 length limit). Apart from lib/forms.ts, which every page loads,
 * so that module does not bring zod into the first load (decision 0027, session 11).
 */
export function urlField() {
  return z.string().trim().refine(isUrlWithinLimit, { message: commonMessages.urlTooLong });
}
