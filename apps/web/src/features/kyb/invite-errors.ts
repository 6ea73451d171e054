/**
 * What a director sees when answering an invitation fails (spec §8): a person not verified yet is
 * told to verify first (with the way there); anything else is the server's own sentence — §8's
 * 409 "no longer available", the 403 of an invitation sent to someone else, the 404.
 */
import { kybMessages } from "@vn/contract/messages/kyb";
import { ApiError } from "../../lib/api-error";
import { submitErrorMessage } from "../../lib/forms";

export interface InviteFailure {
  message: string;
  /** Offer the way to identity verification (403 user_notVerified). */
  verifyFirst: boolean;
}

export function inviteFailureOf(error: unknown): InviteFailure {
  if (error instanceof ApiError && error.code === "user_notVerified")
    return { message: kybMessages.kybDirectorVerifyFirst, verifyFirst: true };
  return { message: submitErrorMessage(error), verifyFirst: false };
}
