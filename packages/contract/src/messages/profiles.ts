/**
 * Strings of the web's profiles feature (apps/web/src/features/profiles).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const profilesMessages = {
  // Staff second factor (issue 16): the sign-in step and the Settings section.
  verificationPendingBadge: "Verification pending",
  notVerifiedBadge: "Not verified",
  editProfile: "Edit profile",
  aboutHeading: "About",
  profileEmptyAbout: "Add a few words about yourself so people know what you do.",
  profileUnavailableTitle: "This profile is not available",
  profileUnavailableBody: "The address may be wrong, or the profile is not public.",
  profileVerifyPrompt:
    "Only signed-in members can see your profile. Verify your identity to show it to visitors and in search, and to publish, comment and send messages.",

  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  switchAccount: "Switch to {name}",
  companyPageBadge: "Company page",

  // Web: accounts screens (issue 3), later additions.
  companyRoleLine: "You manage this page as {role}.",
  followersOne: "{count} follower",
  followersMany: "{count} followers",

  // Web: profiles and publications (issue 4). Texts the spec does not give.
  profileTabMedia: "Media",
  profileTabFeed: "Feed",
  profileTabConnect: "Connect",
  profileTabPeople: "People",
  profileTabsLabel: "Profile sections",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  followingCount: "{count} following",
  contactsHeading: "Contacts",
  socialLinksHeading: "On the web",
  connectBody: "Send {name} a message to start a conversation.",
  createAction: "Create",
  viewAsVisitor: "View as visitor",
  liveModeBanner: "You are viewing your page as visitors see it",
  liveModeExit: "Back to editing",

  // Insights (issue 13): who viewed you
  badgePremium: "Premium member",
} as const;
