import { messages } from "@vn/contract";
import { ApiError } from "@/lib/api-error";

/** The API's reason when it gives one the reader can act on, else the §8 sentence. */
export function repostFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const known = [
      messages.repostsDisabled,
      messages.cannotRepostOwn,
      messages.alreadyReposted,
      messages.quoteNoteRequired,
    ];
    if (known.includes(error.message as (typeof known)[number])) return error.message;
    if (error.status === 404 || error.status === 422) return messages.repostCheckContent;
  }
  return messages.repostFailed;
}
