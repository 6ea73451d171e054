/** The sign-in form's resolver, loaded with `import()` on first validation (lib/lazy-resolver.ts). */
import { zodResolver } from "@hookform/resolvers/zod";
import { signInRequestSchema } from "@vn/contract/schemas/accounts";

export const signInResolver = zodResolver(signInRequestSchema);
