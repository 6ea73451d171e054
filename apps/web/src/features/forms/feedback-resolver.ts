/** The feedback form's resolver, loaded with `import()` on first validation (lib/lazy-resolver.ts). */
import { zodResolver } from "@hookform/resolvers/zod";
import { type FeedbackRequest, feedbackRequestSchema } from "@vn/contract/schemas/forms";
import type { Resolver } from "react-hook-form";

export const feedbackResolver = zodResolver(feedbackRequestSchema) as unknown as Resolver<FeedbackRequest>;
