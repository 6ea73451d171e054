import { emailSchema, messages } from "@vn/contract";
import { z } from "zod";

/**
 * The sign-in form. The email uses the shared §5 rule; the password is only required here, since
 * the server checks it and a returning user gains nothing from being told the sign-up rules.
 */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, messages.fieldRequired),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
