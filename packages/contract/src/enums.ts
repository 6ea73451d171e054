/** The enumerations of spec §3 (and §4 where they name states), as const tuples + types. */

export const planTiersPersonal = ["basic", "standard", "premium", "creator"] as const;
export const planTiersBusiness = ["basic", "standard", "premium", "enterprise"] as const;
export const planTiers = ["basic", "standard", "premium", "creator", "enterprise"] as const;
export type PlanTier = (typeof planTiers)[number];
export const planGroups = ["general", "basic", "premium", "creator", "addons"] as const;
export const billingPeriods = ["monthly", "annual"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const ownerTypes = ["user", "company"] as const;
export type OwnerType = (typeof ownerTypes)[number];

export const statusValues = [
  "active",
  "pending",
  "not_active",
  "rejected",
  "draft",
  "blocked",
  "planned",
  "disabled",
  "new",
  "deleted_by_user",
  "removed_by_user",
  "removed",
] as const;
export type StatusValue = (typeof statusValues)[number];

/** Account lifecycle of §4. */
export const userStatuses = ["active", "profile-not-completed", "deleted", "blocked"] as const;
export type UserStatus = (typeof userStatuses)[number];

export const companyMemberRoles = ["owner", "manager", "company_employee"] as const;
export type CompanyMemberRole = (typeof companyMemberRoles)[number];

export const profileStatuses = ["created", "active", "profile_not_completed", "draft"] as const;
export const privacyLevels = ["base_privacy", "verified_privacy", "public_verified"] as const;
export type PrivacyLevel = (typeof privacyLevels)[number];

export const contentKinds = [
  "article",
  "release",
  "insight",
  "statement",
  "opinion",
  "story",
  "news",
  "sponsored_publication",
  "sidebar-ads",
  "post",
  "response",
  "document",
  "event",
  "recording",
  "audio",
  "video",
  "podcast",
  "repost",
  /** Issue 18 (§2 content sections): a question people answer in its comments. */
  "question",
  /** Issue 18 (§2 content sections): a shared web page, shown with its preview card. */
  "link",
] as const;
export type ContentKind = (typeof contentKinds)[number];
/** Plural forms used in routes and lists. */
export const contentKindPlural: Record<ContentKind, string> = {
  article: "articles",
  release: "releases",
  insight: "insights",
  statement: "statements",
  opinion: "opinions",
  story: "stories",
  news: "releases",
  sponsored_publication: "sponsored_publications",
  "sidebar-ads": "sidebar-ads",
  post: "posts",
  response: "responses",
  document: "files",
  event: "events",
  recording: "recordings",
  audio: "podcasts",
  video: "videos",
  podcast: "podcasts",
  repost: "reposts",
  question: "questions",
  link: "links",
};
export const contentStatuses = ["draft", "planned", "active", "blocked", "removed"] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const relatedSections = ["more-from-owner", "similar"] as const;
export const commentsModes = ["open", "limited", "off"] as const;
export type CommentsMode = (typeof commentsModes)[number];
export const sortDirections = ["ASC", "DESC"] as const;

export const profileTabs = ["media", "feed", "contact", "team"] as const;
export const profileTabLabels = { media: "media", feed: "feed", contact: "connect", team: "people" } as const;
export const mediaSubSections = [
  "releases",
  "responses",
  "statements",
  "posts",
  "insights",
  "videos",
  "podcasts",
  "files",
  "events",
  // §2 content sections a profile lists beside the media ones (issue 18).
  "folders",
  "questions",
  "links",
] as const;
export const contentSections = [
  "articles",
  "videos",
  "podcasts",
  "folders",
  "events",
  "questions",
  "links",
] as const;

export const imageUploadTypes = [
  "user_image",
  "user_background_image",
  "company_image",
  "company_background_image",
  "user_gallery_image",
  "employee_image",
  "recording_image",
  "event_image",
  "document_image",
  "release_image",
  "response_main_image",
  "profile_block_image",
  "post_image",
  "article_image",
  "insight_image",
  "statement_image",
] as const;
export const fileUploadTypes = [
  "story_form_attachment",
  "recording_audio_file",
  "recording_video_file",
  "document_file",
  "comment_content_image",
  "post_video_file",
  // A file on a chat message (issue 15): images and documents, private to the conversation.
  "chat_attachment",
] as const;

export const permissionScopes = [
  "follows",
  "chats",
  "topics",
  "settings",
  "account_info",
  "analytics",
  "posts",
  "responses",
  "releases",
  "insights",
  "videos",
  "podcasts",
  "statements",
  "employees",
  "comments",
  "recordings",
  "reposts",
  "documents",
  "events",
] as const;
export type PermissionScope = (typeof permissionScopes)[number];
export const permissionValues = ["all", "none", "manage"] as const;
export type PermissionValue = (typeof permissionValues)[number];

export const verificationStatuses = [
  "verified",
  "not_verified",
  "pending",
  "rejection",
  "failed",
  "appealed",
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
export const verificationSummary = ["verified", "pending", "rejected", "access restricted"] as const;
export const verificationTransactionStatuses = [
  "pending",
  "accepted",
  "temporary_accepted",
  "failed",
  "rejected",
  "pending_admin_action",
  "pending_user_action",
] as const;

export const emailValidationStates = [
  "used",
  "invalidEmailFormat",
  "minCharError",
  "emptyField",
  "notUsed",
  "loading",
] as const;
export type EmailValidationState = (typeof emailValidationStates)[number];

export const paymentOutcomes = [
  "created",
  "upgraded",
  "downgraded",
  "addon_activated",
  "desired_subscription_activated",
  "badge_activated",
  "delayed_downgrade",
  "downgrade_to_cancel",
  "delayed_downgrade_to_month",
  "delayed_upgrade_to_month",
  "renewed",
  "failed",
  "trial_failed",
] as const;
export const planActionLabels = [
  "freeTrial",
  "downgrade",
  "upgrade",
  "changePlan",
  "getStarted",
  "switchToMonthly",
  "switchToYearly",
  "applicationPending",
  "myPlan",
  "comingSoon",
  "downgradeToFree",
  "cancelDowngrade",
  "upgradeAddon",
  "downgradeAddon",
  "apply",
  "contactUs",
  "pendingVerification",
  "select",
  "selected",
  "cancelSubscription",
] as const;
export const creatorApplicationStates = ["pending", "congratulation", "rejected"] as const;
export const onboardingTargets = [
  "profile-photo",
  "home",
  "connections",
  "media",
  "feed",
  "connect",
  "setting",
  "billing",
  "add-business",
  "feedback",
] as const;
export const addonTypes = ["spy", "stealth", "seats"] as const;
export type AddonType = (typeof addonTypes)[number];
export const reactionKinds = ["like", "celebrate", "support", "insightful", "curious"] as const;
export type ReactionKind = (typeof reactionKinds)[number];

/** Staff roles (product-decisions.md "Staff"), apart from company roles. */
export const staffRoles = ["moderator", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];
export const subscriptionStatuses = ["active", "trialing", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
