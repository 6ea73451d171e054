/**
 * Strings of the web's page-editing feature (apps/web/src/features/page-editing).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const pageEditingMessages = {
  // Page editing (issue 14)
  editPage: "Edit page",
  editPageTitle: "Edit your page",
  editCompanyPageTitle: "Edit the company page",
  editPageIntro: "What you save here shows on your page to everyone who may see it.",
  pageSaved: "Your page has been saved.",
  pageBackgroundLabel: "Background image",
  pageBackgroundHint: "A wide picture behind your name: JPG, PNG, HEIC or WebP, at least 350 × 350 px.",
  chooseBackground: "Upload background",
  changeBackground: "Change background",
  pageLinksLegend: "Website and social links",
  pageContactsLegend: "Contacts",
  twitterLabel: "X (Twitter)",
  youtubeLabel: "YouTube",
  facebookLabel: "Facebook",
  linkedinLabel: "LinkedIn",
  instagramLabel: "Instagram",
  linkPlaceholder: "https://",
  mainEmailLabel: "Main email",
  additionalEmailLabel: "Additional email",
  mainPhoneLabel: "Main phone",
  additionalPhoneLabel: "Additional phone",
} as const;
