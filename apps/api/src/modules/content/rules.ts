import {
  AppError,
  type Entitlements,
  featureOfKind,
  isGranted,
  messages,
  recordingKinds,
  type SessionActor,
  scopeCovers,
  scopeOfKind,
} from "@vn/contract";

/** Kept here for the routes that import it from content; the rule lives in shared/. */
export { actingProfileId } from "../../shared/acting-profile";

/**
 * May the caller create (own = null) or change an item of this kind? A person on their own
 * account may do anything; a company member follows their role's scope: `all` everything,
 * `manage` only items they wrote themselves, `none` nothing.
 */
export function assertMayAct(
  actor: SessionActor,
  kind: string,
  item: { authorUserId: string | null } | null,
): void {
  // Creating (item null) asks about a new item; changing one asks about its author, null included.
  const resource = item ? { authorUserId: item.authorUserId } : undefined;
  if (!scopeCovers(actor, scopeOfKind[kind] ?? "posts", resource)) {
    throw new AppError("accountManager_permissionNotProvided");
  }
}

/** Plan rules of §5/§6: post length, scheduling, video and podcast publishing. */
export function assertPlanAllows(
  entitlements: Entitlements,
  input: { kind: string; plainLength: number; scheduled: boolean },
): void {
  if (input.kind === "post") {
    const limit = entitlements["post.characterLimit"] as number;
    if (input.plainLength > limit) {
      throw new AppError("account_accessForbiddenByPlan", {
        message: messages.postLimitUpgrade,
        details: {
          feature: "post.characterLimit",
          limit,
          length: input.plainLength,
          suggest: ["upgrade", "article"],
        },
      });
    }
  }
  if (input.scheduled && !isGranted(entitlements["content.schedule"])) {
    throw new AppError("account_accessForbiddenByPlan", {
      message: messages.scheduleNeedsPlan,
      details: { feature: "content.schedule" },
    });
  }
  const feature = featureOfKind(input.kind);
  if ((recordingKinds as readonly string[]).includes(input.kind) && !isGranted(entitlements[feature])) {
    throw new AppError("account_accessForbiddenByPlan", {
      message: messages.mediaPublishingNeedsPlan,
      details: { feature },
    });
  }
}
