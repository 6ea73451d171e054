import {
  AppError,
  type CompanyMemberRole,
  entitlement,
  hasFeature,
  messages,
  type OwnerType,
  type PermissionScope,
  type PlanTier,
  permissionsForRole,
  recordingKinds,
} from "@vn/contract";
import type { Principal } from "../accounts/session-lookup";

/** Kind → the permission scope that governs it for company members (product decisions). */
const scopeOfKind: Record<string, PermissionScope> = {
  post: "posts",
  article: "posts",
  response: "responses",
  release: "releases",
  news: "releases",
  insight: "insights",
  statement: "statements",
  video: "videos",
  podcast: "podcasts",
  audio: "podcasts",
  recording: "recordings",
  document: "documents",
  event: "events",
  repost: "reposts",
};

/** The profile the caller acts as; refuses a session whose company is gone (§4 switch back). */
export function actingProfileId(principal: Principal): string {
  if (principal.actingProfileLost) throw new AppError("accountManager_ownerNotFound");
  if (!principal.profileId) throw new AppError("user_profileNotCompleted");
  return principal.profileId;
}

/**
 * May the caller create (own = null) or change an item of this kind? A person on their own
 * account may do anything; a company member follows their role's scope: `all` everything,
 * `manage` only items they wrote themselves, `none` nothing.
 */
export function assertMayAct(
  principal: Principal,
  kind: string,
  item: { authorUserId: string | null } | null,
): void {
  const role: CompanyMemberRole | null = principal.companyRole;
  if (!role) return;
  const scope = scopeOfKind[kind] ?? "posts";
  const value = permissionsForRole(role)[scope];
  if (value === "all") return;
  if (value === "manage" && (!item || item.authorUserId === principal.userId)) return;
  throw new AppError("accountManager_permissionNotProvided");
}

/** Plan rules of §5/§6: post length, scheduling, video and podcast publishing. */
export function assertPlanAllows(
  owner: { type: string; planTier: string },
  input: { kind: string; plainLength: number; scheduled: boolean },
): void {
  const ownerType: OwnerType = owner.type === "company" ? "company" : "user";
  const tier = owner.planTier as PlanTier;
  if (input.kind === "post") {
    const limit = entitlement(ownerType, tier, "post.characterLimit") as number;
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
  if (input.scheduled && !hasFeature(ownerType, tier, "content.schedule")) {
    throw new AppError("account_accessForbiddenByPlan", {
      message: messages.scheduleNeedsPlan,
      details: { feature: "content.schedule" },
    });
  }
  if (
    (recordingKinds as readonly string[]).includes(input.kind) &&
    !hasFeature(ownerType, tier, "media.publishVideoPodcast")
  ) {
    throw new AppError("account_accessForbiddenByPlan", {
      message: messages.mediaPublishingNeedsPlan,
      details: { feature: "media.publishVideoPodcast" },
    });
  }
}
