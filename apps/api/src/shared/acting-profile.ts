import { AppError, type SessionActor } from "@vn/contract";

/**
 * The profile the caller acts as (their own, or the company they switched to); refuses a session
 * whose company is gone (§4 switch back) and a person who has not completed their profile. Every
 * module that writes on someone's behalf starts here.
 */
export function actingProfileId(actor: SessionActor): string {
  if (actor.actingProfileLost) throw new AppError("accountManager_ownerNotFound");
  if (!actor.profileId) throw new AppError("user_profileNotCompleted");
  return actor.profileId;
}
