/**
 * Strings of the web's social feature (apps/web/src/features/social).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const socialMessages = {
  // §8 user messages
  followUpdateFailed: "Failed to update follow status.",
  followFailed: "Could not follow the profile",

  // Web: the social layer (issue 6). Texts the spec does not give.
  followAction: "Follow",
  followingAction: "Following",
  blockAction: "Block",
  unblockAction: "Unblock",
  muteAction: "Mute",
  unmuteAction: "Unmute",
  blockedNotice: "You blocked this profile. Neither of you sees the other's publications.",
  profileMoreActions: "More actions for {name}",
  homeHeading: "Home",
  suggestedHeading: "People and companies to follow",
  suggestedEmpty: "No suggestions right now. Follow a few profiles and we will find more like them.",
  suggestionSharedFollows: "{count} people you follow follow them",
  suggestionSharedFollowsOne: "{count} person you follow follows them",
  suggestionColleague: "Works with you",
  suggestionSameCity: "In your city",
  suggestionSameProfession: "Same profession",
  feedHeading: "Your feed",
  feedEmpty: "Your feed is empty. Follow people and companies to see what they publish.",
  previousPublication: "Previous",
  nextPublication: "Next",
  suggestedNavigation: "Suggested publications",
  reactionsBarLabel: "Reactions",
  reactionLike: "Like",
  reactionCelebrate: "Celebrate",
  reactionSupport: "Support",
  reactionInsightful: "Insightful",
  reactionCurious: "Curious",
  reactionsWho: "Who reacted",
  reactionsCount: "{count} reactions",
  reactionsCountOne: "{count} reaction",
  reactAction: "React",
  viewsCount: "{count} views",
  viewsCountOne: "{count} view",

  // Back-office records (issue 16): dashboard, leads, feedback, audit log
  followersHeading: "Followers of {name}",
  followingHeading: "Followed by {name}",
  followersEmpty: "No followers yet.",
  followingEmpty: "Not following anyone yet.",
  backToProfile: "Back to profile",

  // Issue 18: the home's composer and its first-time state.
  startPostLabel: "Start a post",
  startPostMore: "Or publish something else",
  homeWelcomeTitle: "Welcome, {name}",
  homeWelcomeBody:
    "Your feed fills up with what the people and companies you follow publish. Three things to start with:",
  homeWelcomeFollow: "Follow a few people from the suggestions.",
  homeWelcomePost: "Introduce yourself in a first post.",
  homeWelcomeCompanies: "Find companies you know.",
  homeWelcomeCompaniesAction: "Browse companies",
} as const;
