/**
 * Strings of the web's settings feature (apps/web/src/features/settings).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const settingsMessages = {
  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  wrongCurrentPassword: "The current password is not correct.",

  // Web: accounts screens (issue 3): sign-in and join, codes, password reset, lifecycle dialogs,
  // the create-profile wizard, the profile page, settings, the account switcher.
  currentPasswordLabel: "Current password",

  // Staff second factor (issue 16): the sign-in step and the Settings section.
  twoFactorSection: "Two-factor authentication",
  twoFactorOn: "Two-factor authentication is on. Signing in asks for a code from your authenticator app.",
  twoFactorExplain:
    "Add a second step to signing in: a 6-digit code from an authenticator app (such as 1Password, Google Authenticator or Aegis).",
  twoFactorStaffNotice: "You are staff. Your staff rights start once two-factor authentication is on.",
  twoFactorSetUp: "Set up two-factor authentication",
  twoFactorSettingUp: "Setting up…",
  twoFactorSecretLabel: "Setup key",
  twoFactorUriLabel: "Setup link (otpauth)",
  twoFactorSecretHint:
    "Add this key to your authenticator app (choose “enter a setup key”, time based), then enter the code it shows.",
  twoFactorCopy: "Copy",
  twoFactorCopied: "Copied.",
  twoFactorConfirm: "Turn on",
  twoFactorConfirming: "Turning on…",
  twoFactorEnabled: "Two-factor authentication is now on.",
  twoFactorBackupCodesTitle: "Your backup codes",
  twoFactorBackupCodesHint:
    "Each code signs you in once if you lose your authenticator app. Save them somewhere safe: they are shown only now.",
  twoFactorBackupCodesDone: "I have saved my backup codes",
  twoFactorDisable: "Turn off two-factor authentication",
  twoFactorDisabling: "Turning off…",
  twoFactorDisabled: "Two-factor authentication is now off.",
  twoFactorDisableHint: "Enter your password to turn off two-factor authentication.",
  changesSaved: "Your changes have been saved.",
  settingsSubtitle: "Your profile, sign-in details and account.",
  settingsSections: "Settings sections",
  settingsProfile: "Profile",
  settingsPassword: "Password",
  settingsEmail: "Email",
  settingsPhone: "Phone",
  settingsAccount: "Account",
  changePassword: "Change password",
  changingPassword: "Changing…",
  passwordChangeNote: "Changing your password signs you out on every other device.",
  currentEmail: "Your email is {email}.",
  currentPhone: "Your phone number is {phone}.",
  noPhone: "You have not added a phone number.",
  newEmailLabel: "New email",
  newPhoneLabel: "New phone number",
  sendCode: "Send code",
  sendingCode: "Sending…",
  emailChanged: "Your email has been changed.",
  phoneChanged: "Your phone number has been changed.",

  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  emailChangeNote:
    "Enter your current password to change your email. Every other device is signed out, and your old email gets a link to undo the change.",
  phoneChangeNote:
    "Enter your current password to change your phone number. Every other device is signed out, and your email gets a link to undo the change.",
  deleteAccount: "Delete account",
  deleteAccountBody:
    "Your profile leaves the network at once and you are signed out everywhere. You can restore the account later by signing in.",
  deleteConfirmTitle: "Delete your account?",
  deleteConfirmBody:
    "Your profile is hidden at once and every device is signed out. To restore the account, sign in again with your email and password.",
  deleting: "Deleting…",
} as const;
