/**
 * Strings of the web's kyb feature (apps/web/src/features/kyb).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const kybMessages = {
  // Business verification (issue 14)
  kybNotAllowed:
    "Business verification was declined for good. Contact support if you think this is a mistake.",
  kybTooManyDocuments: "You can add at most {count} documents.",
  kybTooManyDirectors: "You can invite at most {count} directors.",
  kybDocumentType: "Add a PDF, JPG or PNG file.",
  kybDocumentTooLarge: "A document can be at most {size} MB.",
  kybDirectorVerifyFirst:
    "Verify your identity first: directors of a company are verified people. Then open the invitation again.",
  kybOfficerAccepted: "You confirmed that you are a director of {company}.",

  // KYB screens (issue 14): labels of the business verification wizard, its status views, the
  // director invitation pages and the transparent business badge.
  kybStartTitle: "Verify {company}",
  kybStartText:
    "Business verification confirms {company} with the company registry: its details, its registration documents and the directors who vouch for it. Once verified, its page is public and it can publish.",
  kybStartAgain: "Start again",
  kybSubmitAgain: "Submit again",
  kybStepsLabel: "Verification steps",
  kybStepDetails: "Company details",
  kybStepDocuments: "Documents",
  kybStepDirectors: "Directors",
  kybStepReview: "Review and submit",
  kybStepDoneLabel: "done",
  kybBack: "Back",
  kybDetailsText: "As the company registry records them.",
  kybLegalNameLabel: "Legal name",
  kybRegistrationNumberLabel: "Registration number",
  kybCountryLabel: "Country of registration",
  kybAddressLabel: "Registered address",
  kybIncorporationDateLabel: "Date of incorporation",
  kybWebsiteLabel: "Company website",
  kybDetailsSaved: "Company details saved.",
  kybDocumentsText:
    "Add the certificate of incorporation or a recent registry extract: PDF, JPG or PNG, up to {size} MB each, at most {count}.",
  kybDocumentsHeading: "Supported documents",
  kybDocumentRemoved: "Document removed.",
  kybDocumentAdded: "Document added.",
  kybDirectorsText:
    "Invite the company's directors by email. Each confirms as a verified person; at least one must confirm before you submit.",
  kybDirectorEmailLabel: "Director's email",
  kybDirectorNameLabel: "Director's name",
  kybDirectorInvite: "Send invitation",
  kybDirectorInvited: "Invitation sent to {email}.",
  kybDirectorsHeading: "Invited directors",
  kybDirectorsEmpty: "No directors invited yet.",
  kybDirectorCancel: "Cancel invitation",
  kybDirectorCancelFor: "Cancel invitation for {name}",
  kybDirectorPending: "Waiting for an answer",
  kybDirectorAccepted: "Confirmed",
  kybDirectorVerified: "Confirmed · verified",
  kybDirectorRejected: "Declined",
  kybDirectorCancelledBadge: "Cancelled",
  kybDirectorExpired: "Expired",
  kybDirectorReason: "Reason: {reason}",
  kybReviewText: "Check what goes to the registry. You cannot change it after you submit.",
  kybChecklistHeading: "Before you submit",
  kybChecklistDetails: "Company details complete",
  kybChecklistDocuments: "At least one supported document",
  kybChecklistDirectors: "Every invitation answered and at least one verified director",
  kybChecklistDone: "Done",
  kybChecklistMissing: "Missing",
  kybEditStep: "Edit {step}",
  kybSubmit: "Submit for verification",
  kybSubmitting: "Submitting…",
  kybSubmitted: "Submitted. The registry is checking the company.",
  kybPendingTitle: "The registry is checking",
  kybPendingText:
    "The company registry is checking {company}. It usually answers within minutes; this page updates by itself.",
  kybManualReviewTitle: "Under manual review",
  kybManualReviewText:
    "The registry asked our team to review {company}. We will email you once it is decided; this page updates by itself.",
  kybVerifiedTitle: "{company} is verified",
  kybVerifiedText: "Its page is public and it can publish. Visitors see these facts next to its name.",
  kybRejectedTitle: "Business verification did not go through",
  kybFailedTitle: "The registry could not check the company",
  kybSubmittedOn: "Submitted {date}",
  kybDecidedOn: "Decided {date}",
  kybInviteWorking: "Opening the invitation…",

  // The back-office (issue 16): the shell and the decisions other issues hand over
  businessBadgeLabel: "Business verification facts",
  businessBadgeRegistration: "Reg. no. {number} · {country}",
  businessBadgeDirector: "{count} verified director",
  businessBadgeDirectors: "{count} verified directors",
  businessBadgeChecked: "Last checked {date}",
} as const;
