import { formatCount } from "@vn/contract";
import { commentsMessages } from "@vn/contract/messages/comments";

/** "1 comment", "12 comments": the card's counter and the comments section's heading. */
export function commentsCountLabel(count: number): string {
  return formatCount(count, {
    one: commentsMessages.commentsCountOne,
    other: commentsMessages.commentsCount,
  });
}
