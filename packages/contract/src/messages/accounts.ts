/**
 * Strings of the web's accounts feature (apps/web/src/features/accounts).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const accountsMessages = {
  // §5 email
  emailAlreadyLinked: "This email is already linked to another account.",

  // §5 handle
  handleTaken: "This handle is already taken.",
  handleNeedsPremium:
    "A handle without at least two digits needs a Premium plan and is available after verification.",

  // §2 screens
  loggedOut: "Logged out",

  // §8 user messages
  accountDeletedOrBlocked: "Your account has been deleted or blocked, please contact the administrator.",
  alreadyLoggedIn: "You are already logged in.",
  /** The link under alreadyLoggedIn on /login (issue 18): to the person's home. */
  alreadyLoggedInAction: "Go to your home",

  // Web shell (labels and sentences of the layout, sign-in and sign-out screens)
  signInTitle: "Sign in",
  signingOut: "Signing you out…",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  resetLinkSent: "If an account uses this email, we have sent a link to reset the password.",
  accountRestored: "Welcome back! Your account has been restored.",
  accountRemoved: "Your old account has been removed. You can now create a new one.",
  consentTerms: "I agree to the Terms of Service.",
  consentPrivacy: "I have read and accept the Privacy Policy.",

  // Web: accounts screens (issue 3): sign-in and join, codes, password reset, lifecycle dialogs,
  // the create-profile wizard, the profile page, settings, the account switcher.
  authModesLabel: "Sign in or join",
  joinTitle: "Join Verified Network",
  joinSubtitle: "Create your account in a minute. Verification comes right after.",
  joinSubmit: "Agree and join",
  joinSubmitting: "Creating your account…",
  passwordConfirmLabel: "Confirm password",
  emailChecking: "Checking this email…",
  emailAvailable: "This email is available.",
  emailSignInInstead: "Sign in instead",
  forgotTitle: "Forgot your password?",
  forgotSubtitle: "Enter the email of your account and we will send you a link to choose a new password.",
  sendResetLink: "Send reset link",
  sendingResetLink: "Sending…",
  backToSignIn: "Back to sign in",
  resetTitle: "Choose a new password",
  resetSubtitle: "Every device signed in to your account will be signed out.",
  resetSubmit: "Set new password",
  resetDone: "Your password has been changed. Sign in with your new password.",
  requestNewLink: "Request a new link",
  codeTitle: "Confirm your email",
  codeVerify: "Verify and continue",
  codeResent: "We sent you a new code.",
  codeExpiresIn: "The code expires in {time}.",
  codeNotSent: "We could not send the code. Request a new one.",
  codeUseOtherEmail: "Use a different email",

  // Staff second factor (issue 16): the sign-in step and the Settings section.
  twoFactorTitle: "Two-step sign-in",
  twoFactorIntro: "Enter the 6-digit code from your authenticator app.",
  twoFactorBackupIntro:
    "Enter one of the backup codes you saved when you turned on two-factor authentication.",
  twoFactorCodeLabel: "Authentication code",
  twoFactorBackupCodeLabel: "Backup code",
  twoFactorVerify: "Verify and sign in",
  twoFactorUseBackupCode: "Use a backup code instead",
  twoFactorUseAuthenticator: "Use your authenticator app instead",
  devOutboxLink: "Open the dev outbox",
  devOutboxHint: "Development server: mails are kept in the dev outbox instead of being sent.",
  deletedDialogTitle: "This account was deleted",
  restoreAccount: "Restore account",
  createNewAccount: "Create a new account",
  restoreConfirmTitle: "Restore your account?",
  restoreConfirmBody: "Your profile and everything you published come back, and you are signed in.",
  restoreConfirm: "Restore",
  restoring: "Restoring…",
  removeConfirmTitle: "Remove the old account for good?",
  removeConfirmBody:
    "The old account and everything it holds are removed permanently. This cannot be undone. You can then join again with the same email.",
  removeConfirm: "Remove and start over",
  removing: "Removing…",
  notAvailableTitle: "This account is not available",
  notAvailableContact: "If you think this is a mistake, write to {email}.",
  wizardStepsLabel: "Profile setup",
  wizardStepProfile: "Your profile",
  wizardStepVerify: "Get verified",
  wizardStepCompany: "Company page",
  createProfileIntro:
    "Three short steps: tell people who you are, verify your identity and, if you run a business, add its page.",
  createProfileStart: "Get started",
  profileFormTitle: "Tell people who you are",
  profileFormSubtitle:
    "Name, handle and date of birth are required. You can change everything later in Settings.",
  handleLabel: "Handle",
  handleHint: "Your profile address: {address}",
  handleChecking: "Checking this handle…",
  handleAvailable: "This handle is available.",
  handleGenerate: "Suggest a handle",
  dateOfBirthLabel: "Date of birth",
  dateOfBirthHint: "Never shown on your profile.",
  professionLabel: "Profession or headline",
  cityLabel: "City",
  verifyStepTitle: "Get verified",
  verifyStepSubtitle:
    "Verification takes a few minutes with an identity document and a selfie. Verified members get the most out of the network.",
  verifyBenefitBadge: "A verified badge next to your name",
  verifyBenefitPublic: "A public profile that anyone can find",
  verifyBenefitTrust: "Messages, comments and invitations people trust",
  verifyBenefitPlans: "Paid plans and handles without numbers",
  companyStepTitle: "Do you run a business?",
  companyStepSubtitle:
    "Create a company page to publish as your company, build a team and get business verification.",
  companyPlansTitle: "Plans for companies",
  skipForNow: "Skip for now",
  profileReady: "Your profile is ready.",
  signInToContinue: "Sign in to continue setting up your profile.",

  // Web: accounts screens (issue 3), later additions.
  deletedDialogBody: "Restore it with everything you published, or remove it for good and start over.",
  createProfileHeadline: "Let’s set up your profile",
  verifyBenefitsTitle: "What verification unlocks",
} as const;
