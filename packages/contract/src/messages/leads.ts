/**
 * Strings of the web's leads feature (apps/web/src/features/leads).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const leadsMessages = {
  // Sales leads (issue 16): the enterprise enquiry and ad consultation forms (§3, §9 ad offer)
  enquiryFullNameLabel: "Full name",
  enquiryWorkEmailLabel: "Work email",
  enquiryWorkEmailHint: "We reply to this address.",
  enquiryAccountEmailNote: "We reply to {email}, the email of your account.",
  enquiryTextHint: "Team size, what you need and when. {count} of {limit} characters.",
  enterpriseEnquiryTitle: "Enterprise enquiry",
  enterpriseEnquiryIntro:
    "Unlimited team members, dedicated onboarding, invoicing and a named contact. Tell us about your organisation and our sales team replies within two business days.",
  enterpriseEnquirySubmit: "Send enquiry",
  enterpriseEnquirySent: "Thank you. Our sales team will reply within two business days.",
  adConsultationTitle: "Request an ad consultation",
  adConsultationIntro: "Tell us about your company and your goals. An advertising specialist calls you back.",
  adCompanyLabel: "Company",
  adFirstNameLabel: "First name",
  adLastNameLabel: "Last name",
  adEmailLabel: "Work email",
  adPhoneHint: "With the country code, e.g. +48 601 234 567.",
  adMonthlySpendHint: "The {credit} credit needs a spend of at least {minimum}.",
  adSpendChoose: "Choose a budget",
  adConsultationSubmit: "Request a consultation",
  adConsultationSent: "Thank you. Our advertising team will contact you within two business days.",
  formSentTitle: "Sent",
  formSendAnother: "Send another",
  leadRateLimited: "You have sent this form several times already. Please try again later.",
} as const;
