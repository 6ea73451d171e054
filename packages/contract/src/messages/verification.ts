/**
 * Strings of the web's verification feature (apps/web/src/features/verification).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const verificationMessages = {
  // Identity verification (issue 12)
  verificationTitle: "Verify your identity",
  verificationIntro:
    "Verification takes a few minutes: a photo of an identity document and a selfie. Our verification partner checks them and we tell you the result.",
  verificationCountryLabel: "Country that issued your document",
  verificationStarting: "Starting…",
  verificationContinueCapture: "Continue verification",
  verificationCaptureIncomplete: "Add a photo of each side of your document and a selfie.",
  verificationTooManyDocuments: "You can add up to {count} documents.",

  // Billing (issue 13): add-ons, badge, creator application (API answers)
  processingTitle: "We are checking your documents",
  processingText:
    "This usually takes less than a minute. You can leave this page: we will notify you when it is done.",
  successTitle: "You are verified",
  successText: "Your identity is confirmed. Your profile is public and you can publish, comment and message.",
  successAction: "Go to my profile",
  failureTitle: "Verification failed",
  failureText:
    "The verification could not be completed. Nothing is wrong with your account: please try again.",
  rejectTitle: "Verification was not successful",
  rejectFixable: "You can fix this and try again. Attempts left: {count}.",
  rejectFinal: "This decision is final. If you think it is wrong, you can appeal it once.",
  retryTitle: "Try verification again",
  retryText: "Before you start, check the reason below. Attempts left: {count}.",
  rfiTitle: "We need one more document",
  rfiText:
    "Our verification partner needs another document to confirm your identity, such as a proof of address or a second identity document.",
  rfiAction: "Upload documents",
  documentsTitle: "Upload your documents",
  documentsHint: "JPG, PNG, HEIC or WebP images, up to 15 MB each, at least 350 px on each side.",
  documentsSubmit: "Send documents",
  documentsSent: "Your documents were sent.",
  appealTitle: "Appeal the decision",
  appealText:
    "Tell us why you think the decision is wrong. Our team will review your documents again; you can appeal once.",
  appealSent: "Your appeal was sent. We will let you know the outcome.",
  appealPending: "Your appeal is being reviewed.",
  appealRejected: "Your appeal was reviewed and the decision stands.",
  companyVerificationText:
    "Business verification confirms your company with its registration documents and directors.",
  captureTitle: "Identity check",
  captureDocumentType: "Document type",
  captureDocumentNumber: "Document number",
  captureFront: "Front of the document",
  captureBack: "Back of the document",
  captureSelfie: "Selfie",
  captureUseCamera: "Use camera",
  captureTakePhoto: "Take photo",
  captureUpload: "Upload photo",
  captureSubmit: "Submit for checking",
  captureSandboxNote:
    "Sandbox: the last four digits of the document number choose the outcome (see the README).",
  captureExpired: "This verification session is no longer open.",

  // Identity verification: the web's screens (issue 12)
  verificationHubLoading: "Finding your verification step…",
  verificationElsewhereTitle: "This step is not open for you now",
  verificationElsewhereText: "Your verification is at another step. Continue from there.",
  verificationElsewhereAction: "Go to my verification step",
  verificationCountryPlaceholder: "Choose a country",
  verificationSummaryDetails: "See details",
  retryAction: "Try verification again",
  rfiRequestedHeading: "What we need",
  documentsListHeading: "Documents to send",
  documentName: "Document {number}",
  documentsSending: "Sending…",
  companyVerificationSteps:
    "Verify yourself first, then switch to your company: its business verification opens here, with the company's details, documents and directors.",
  companyVerificationBrowse: "Browse companies",
  captureIntro:
    "Take clear photos of your document and a selfie. They are sent securely to our verification partner.",
  captureDocumentTypePlaceholder: "Choose a document",
  captureCameraUnavailable: "The camera could not be opened. Upload a photo instead.",
  captureCameraPreview: "Camera preview",
  captureReplace: "Replace photo",
  captureUploaded: "Uploaded",
  captureSubmitting: "Sending…",

  // KYB screens (issue 14): labels of the business verification wizard, its status views, the
  // director invitation pages and the transparent business badge.
  kybHandOverHeading: "Your companies",
  kybHandOverVerify: "Verify {name}",
} as const;
