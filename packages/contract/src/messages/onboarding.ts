/**
 * Strings of the web's onboarding feature (apps/web/src/features/onboarding).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const onboardingMessages = {
  // Issue 18: the getting-started checklist on the home.
  checklistTitle: "Get started",
  checklistCompanyTitle: "Set up your company page",
  checklistInviteeTitle: "Join your team",
  checklistProgress: "{done} of {total} done",
  checklistHide: "Hide the checklist",
  checklistDone: "Done",
  checklistComplete: "All set. You can hide this list now.",
  checklistVerifyIdentity: "Verify your identity",
  checklistVerifyIdentityHint: "A verified profile is public and may publish, comment and message.",
  checklistAddPhoto: "Add a profile photo",
  checklistAddPhotoHint: "Open your profile and choose Edit page.",
  checklistFirstPost: "Publish your first post",
  checklistFirstPostHint: "Say hello: what you do and what you are looking for.",
  checklistFollowFive: "Follow five people",
  checklistFollowFiveHint: "{count} of {target} followed. Suggestions are on this page.",
  checklistCompanyDetails: "Complete the company details",
  checklistCompanyDetailsHint: "A logo and a few words about what the company does.",
  checklistBusinessVerification: "Verify the business",
  checklistBusinessVerificationHint: "Send the registration details for business verification (KYB).",
  checklistInviteTeam: "Invite your team",
  checklistInviteTeamHint: "Colleagues publish and answer messages as the company.",
  checklistAcceptInvitation: "Accept the invitation",
  checklistAcceptInvitationHint: "Your company invited you to its team.",
  checklistCompleteProfile: "Complete your profile",
  checklistCompleteProfileHint: "A photo and a few words about you, so colleagues find you.",
} as const;
