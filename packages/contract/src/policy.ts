import type {
  CompanyMemberRole,
  OwnerType,
  PermissionScope,
  PermissionValue,
  StaffRole,
  UserStatus,
  VerificationStatus,
} from "./enums";
import type { ErrorCode } from "./errors";
import { type Entitlements, type Feature, features, isGranted } from "./plans";
import { type Permissions, permissionsForRole } from "./roles";

/**
 * The policy layer (architecture.md "The policy layer"): who is acting, and may they do this.
 * The API resolves one Actor per request and per socket and enforces each endpoint's Policy
 * with `refusalOf`; the web builds the same Actor from the session user and asks `can` what to
 * show. Nothing else decides who may do what.
 */

/** Who is acting: the signed-in person, the profile they act as, and what that profile holds. */
export interface Actor {
  userId: string;
  userStatus: UserStatus;
  /** The acting profile: the person's own, or the company they switched to (authBy). */
  profileId: string | null;
  profileSlug: string | null;
  profileType: OwnerType;
  /** The person's own (personal) profile. */
  ownProfileId: string | null;
  /** The person's role in the acting company; null when acting as themselves. */
  companyRole: CompanyMemberRole | null;
  /** Scopes of the role (roles.ts); `all` everywhere when acting as oneself. */
  permissions: Permissions;
  /** Verification of the acting profile (KYB for a company, IDV for a person). */
  verificationStatus: VerificationStatus;
  /** Verification of the person, whoever they act as. */
  personVerificationStatus: VerificationStatus;
  staffRole: StaffRole | null;
  /** Entitlements of the acting owner's stored subscription (plan, trial, add-ons). */
  entitlements: Entitlements;
  /**
   * The session acts for a company that is gone, blocked, or no longer theirs: routes answer
   * 403 accountManager_ownerNotFound so the client switches back (spec §4).
   */
  actingProfileLost: boolean;
  /**
   * A moderation limit is in force (issue 16, users.limited_until): the person reads but does not
   * write (policies marked `writes`). Left out where it is not known (the web's Actor).
   */
  limited?: boolean;
}

/** The Actor as the API holds it: with the session it came from. */
export interface SessionActor extends Actor {
  sessionId: string;
}

/**
 * Who may call, weakest first; each level includes the ones before it.
 * - anyone: visitors too (the actor is resolved when a token comes, for personalised answers)
 * - session: a signed-in account, not deleted or blocked (profile may be unfinished)
 * - active: the profile wizard is complete
 * - participant: active and not read-only (a final rejection or an appeal makes one read-only)
 * - verified: the acting profile is verified (IDV for people, KYB for companies)
 * - staff / admin: staff roles, apart from company roles; everyone else hears 404 (not 403)
 */
export const whoLevels = [
  "anyone",
  "session",
  "active",
  "participant",
  "verified",
  "staff",
  "admin",
] as const;
export type Who = (typeof whoLevels)[number];

export interface RateLimit {
  max: number;
  per: "minute" | "hour";
  /** Count per signed-in account (falls back to the address for visitors), or per address. */
  by: "account" | "address";
  /** The error code a refusal answers with (request_tooMany unless the spec names another). */
  code?: ErrorCode;
}

/** What a route (or an action in the web) requires, declared beside its schemas. */
export interface Policy {
  who: Who;
  /** The acting member's company scope must not be `none` (acting as oneself holds `all`). */
  scope?: PermissionScope;
  /** The acting owner's plan must grant this feature. */
  feature?: Feature;
  /** A rate limit of its own; `false` lifts the global one (health checks, media bytes). */
  rateLimit?: RateLimit | false;
  /** The route still works while the acting company is lost (switch-account, sign-out). */
  allowLostActingProfile?: boolean;
  /**
   * A write a moderation limit refuses (issue 16): publishing, commenting, messaging, following,
   * reacting. A limited person hears 403 account_limited.
   */
  writes?: boolean;
}

/** What an action is about, for rules that depend on it. */
export interface Resource {
  /** The profile that owns the item (a comment's publication, a company page). */
  ownerProfileId?: string | null;
  /**
   * The person who wrote it: a `manage` scope covers only one's own items. Left out for a new
   * item; null for an existing item whose author is unknown (covered by `all` only).
   */
  authorUserId?: string | null;
  /** The content kind, for actions whose scope and feature follow the kind. */
  kind?: string;
}

export interface Refusal {
  code: ErrorCode;
  /** The plan feature that is missing, for account_accessForbiddenByPlan. */
  feature?: Feature;
}

const readOnlyStatuses: readonly VerificationStatus[] = ["rejection", "appealed"];

function whoRefusal(actor: Actor | null, who: Who, tokenSent: boolean): Refusal | null {
  if (who === "anyone") return null;
  if (!actor) return { code: tokenSent ? "request_invalidSessionToken" : "request_unauthenticated" };
  if (who === "session") return null;
  if (who === "staff" || who === "admin") {
    // The back-office is invisible to everyone else (issue 16): not found, not forbidden. A
    // moderator knows the back-office exists, so an admin-only route tells them it is forbidden.
    if (!actor.staffRole) return { code: "request_notFound" };
    if (who === "admin" && actor.staffRole !== "admin") return { code: "request_forbidden" };
    return null;
  }
  if (actor.userStatus === "profile-not-completed") return { code: "user_profileNotCompleted" };
  if (who === "active") return null;
  const notVerified: ErrorCode = actor.profileType === "company" ? "company_notVerified" : "user_notVerified";
  if (readOnlyStatuses.includes(actor.personVerificationStatus)) return { code: "user_notVerified" };
  if (who === "participant") return null;
  if (actor.personVerificationStatus !== "verified") return { code: "user_notVerified" };
  if (actor.verificationStatus !== "verified") return { code: notVerified };
  return null;
}

/** The scope value the actor holds; acting as oneself holds `all`. */
export function scopeOf(actor: Actor, scope: PermissionScope): PermissionValue {
  return actor.permissions[scope];
}

/** Does the actor's scope cover this item? `manage` covers new items and one's own. */
export function scopeCovers(actor: Actor, scope: PermissionScope, resource?: Resource): boolean {
  const value = scopeOf(actor, scope);
  if (value === "all") return true;
  if (value === "none") return false;
  // `manage`: a new item (no author given yet), or one this person wrote. An existing item whose
  // author is unknown (null: written before authors were kept, or by the seed) is nobody's own.
  if (resource?.authorUserId === undefined) return true;
  return resource.authorUserId === actor.userId;
}

/**
 * Why this actor may not do what the policy requires, or null when they may. `tokenSent` tells a
 * visitor (401 request_unauthenticated) from a dead session (401 request_invalidSessionToken).
 */
export function refusalOf(
  actor: Actor | null,
  policy: Policy,
  options: { tokenSent?: boolean; resource?: Resource } = {},
): Refusal | null {
  // Routes open to visitors never refuse: a signed-in caller is only there to personalise.
  if (policy.who === "anyone") return null;
  const who = whoRefusal(actor, policy.who, options.tokenSent ?? false);
  if (!actor) return who;
  // A session acting for a lost company hears that first (the client switches back), before
  // anything about the company's verification: it is no longer theirs to verify.
  const verificationRefusal = who?.code === "user_notVerified" || who?.code === "company_notVerified";
  if (actor.actingProfileLost && !policy.allowLostActingProfile && (!who || verificationRefusal))
    return { code: "accountManager_ownerNotFound" };
  if (who) return who;
  if (policy.writes && actor.limited) return { code: "account_limited" };
  if (policy.scope && !scopeCovers(actor, policy.scope, options.resource)) {
    return { code: "accountManager_permissionNotProvided" };
  }
  if (policy.feature && !isGranted(actor.entitlements[policy.feature])) {
    return { code: "account_accessForbiddenByPlan", feature: policy.feature };
  }
  return null;
}

// Named actions: rules the API's services and the web's screens share --------------------------

/** Kind → the permission scope that governs it for company members (product decisions). */
export const scopeOfKind: Record<string, PermissionScope> = {
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

/** Kind → the plan feature that allows creating it. */
export function featureOfKind(kind: string | undefined): Feature {
  switch (kind) {
    case "post":
      return "content.createPost";
    case "response":
      return "content.createResponse";
    case "repost":
      return "content.createRepost";
    case "document":
      return "content.createDocument";
    case "video":
    case "recording":
      return "content.createVideo";
    case "podcast":
    case "audio":
      return "content.createPodcast";
    default:
      return "content.createPublication";
  }
}

interface ActionPolicy extends Policy {
  /** Only on the acting profile's own items (its publications, its company page). */
  ownerOnly?: boolean;
  /** The scope must be `all`, not `manage` (moderating others' words). */
  scopeAll?: boolean;
}
type ActionRule = (resource: Resource) => ActionPolicy;

export const actions = {
  /** Create, edit or delete a publication of a kind (manage: only one's own). */
  "content.write": (resource) => ({
    who: "verified",
    writes: true,
    scope: scopeOfKind[resource.kind ?? "post"] ?? "posts",
    feature: featureOfKind(resource.kind),
  }),
  /** Comment, reply, edit or delete one's own comment. */
  "comments.write": () => ({ who: "verified", scope: "comments", writes: true }),
  /** Delete others' comments and pin, on the acting profile's own publications. */
  "comments.moderate": () => ({ who: "verified", scope: "comments", ownerOnly: true, scopeAll: true }),
  // Verification gates (product decisions): unverified people still follow and react; read-only
  // ones (a final rejection, an appeal) do not.
  "follows.write": () => ({ who: "participant", scope: "follows", writes: true }),
  "reactions.write": () => ({ who: "participant", feature: "reactions.use", writes: true }),
  /** The people tab of a company page the actor runs. */
  "team.view": () => ({ who: "active", scope: "employees", ownerOnly: true }),
  "company.create": () => ({ who: "verified", feature: "company.create" }),
  "content.schedule": () => ({ who: "verified", feature: "content.schedule" }),
  "messenger.use": () => ({ who: "verified", scope: "chats", feature: "messenger.use" }),
  /** Write in a conversation (endpoints/chats.ts `writer`): the messenger, and no moderation limit. */
  "chats.write": () => ({ who: "verified", scope: "chats", feature: "messenger.use", writes: true }),
  /** Buy or change a plan, and see one's subscription (§6: verified unlocks the subscription fetch). */
  "billing.manage": () => ({ who: "verified" }),
  /** Start identity verification or retry it (not while verified, pending or read-only: the API says). */
  "verification.start": () => ({ who: "participant" }),
  /**
   * Run the acting company's business verification (KYB): its owners (`settings`), not yet
   * verified being the point (the API says when there is nothing to do).
   */
  "company.verify": () => ({ who: "participant", scope: "settings" }),
  /** Appeal a final rejection (the API checks there is one to appeal). */
  "verification.appeal": () => ({ who: "active" }),
} satisfies Record<string, ActionRule>;
export type Action = keyof typeof actions;

/** The refusal of a named action, or null when it is allowed. */
export function actionRefusal(actor: Actor | null, action: Action, resource: Resource = {}): Refusal | null {
  const rule = (actions[action] as ActionRule)(resource);
  const refused = refusalOf(actor, rule, { resource });
  if (refused || !actor) return refused;
  // `all` on a scope still means "on the profile one acts as": others' items are not ours to run.
  if (rule.ownerOnly && resource.ownerProfileId !== actor.profileId) return { code: "request_forbidden" };
  if (rule.scopeAll && rule.scope && scopeOf(actor, rule.scope) !== "all") {
    return { code: "accountManager_permissionNotProvided" };
  }
  return null;
}

/** May this actor do it? The web shows only what this allows; the API enforces the same rule. */
export function can(actor: Actor | null, action: Action, resource: Resource = {}): boolean {
  return actionRefusal(actor, action, resource) === null;
}

// The Actor the web builds from the Session user (§3): the fields the Session user names differently

/**
 * Entitlements from a plan's `features` as the §3 Subscription carries them: a null limit is
 * unlimited (Infinity); a feature the plan does not list is not granted.
 */
export function entitlementsOfPlanFeatures(
  planFeatures: Readonly<Record<string, number | boolean | null>>,
): Entitlements {
  return Object.fromEntries(
    features.map((feature) => {
      const value = planFeatures[feature];
      return [feature, value === null ? Number.POSITIVE_INFINITY : (value ?? false)];
    }),
  ) as Entitlements;
}

/**
 * The company role behind a Session user's scopes, which is all the Session user tells of it: null
 * when acting as oneself; owners hold `all` on every scope, managers run the account (isManager)
 * with less, and everyone else is an employee.
 */
export function companyRoleOfSession(user: {
  type: { id: OwnerType };
  isManager: boolean;
  permissions: Readonly<Record<PermissionScope, PermissionValue>>;
}): CompanyMemberRole | null {
  if (user.type.id !== "company") return null;
  if (!user.isManager) return "company_employee";
  const owner = permissionsForRole("owner");
  const holdsAll = (Object.keys(owner) as PermissionScope[]).every(
    (scope) => user.permissions[scope] === owner[scope],
  );
  return holdsAll ? "owner" : "manager";
}
