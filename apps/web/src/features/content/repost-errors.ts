import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import { ApiError } from "@/lib/api-error";

/** The API's reason when it gives one the reader can act on, else the §8 sentence. */
export function repostFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const known = [
      contentMessages.repostsDisabled,
      contentMessages.cannotRepostOwn,
      contentMessages.alreadyReposted,
      sharedMessages.quoteNoteRequired,
    ];
    if (known.includes(error.message as (typeof known)[number])) return error.message;
    if (error.status === 404 || error.status === 422) return contentMessages.repostCheckContent;
  }
  return contentMessages.repostFailed;
}
