import {
  escapeHtml,
  format,
  messages,
  ONE_TIME_CODE_TTL_MS,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from "@vn/contract";
import type { MailMessage } from "./types";

/**
 * The product's mails: a plain-text body and a simple HTML body built from the same sentences
 * (messages.ts). The code or the link is on a line of its own, large in HTML, so it is easy to find.
 */

interface Parts {
  to: string;
  subject: string;
  intro: string;
  code?: string;
  action?: { label: string; url: string };
  /** A second, quieter link under the action (e.g. "this is a mistake"). */
  secondary?: { label: string; url: string };
  ignoreNote?: boolean;
  /** Label and value lines under the intro (a form as it was sent). */
  details?: Array<[string, string]>;
}

function compose(parts: Parts): MailMessage {
  const lines = [parts.intro, ""];
  if (parts.details) lines.push(...parts.details.map(([label, value]) => `${label}: ${value}`), "");
  if (parts.code) lines.push(parts.code, "");
  if (parts.action) lines.push(`${parts.action.label}: ${parts.action.url}`, "");
  if (parts.secondary) lines.push(`${parts.secondary.label}: ${parts.secondary.url}`, "");
  if (parts.ignoreNote !== false) lines.push(messages.mailIgnore, "");
  lines.push(`— ${messages.mailSignature}`);

  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d2226">',
    '<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">',
    `<p style="margin:0 0 24px;font-weight:600;font-size:18px">${escapeHtml(PRODUCT_NAME)}</p>`,
    `<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(parts.intro)}</p>`,
    parts.details
      ? `<table style="margin:0 0 24px;border-collapse:collapse;font-size:14px">${parts.details
          .map(
            ([label, value]) =>
              `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#56687a;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    parts.code
      ? `<p style="margin:0 0 24px;font-size:32px;letter-spacing:8px;font-weight:700;font-family:Menlo,Consolas,monospace">${escapeHtml(parts.code)}</p>`
      : "",
    parts.action
      ? `<p style="margin:0 0 24px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#0a66c2;color:#fff;text-decoration:none;padding:12px 20px;border-radius:24px;font-weight:600">${escapeHtml(parts.action.label)}</a></p><p style="margin:0 0 24px;font-size:13px;color:#56687a;word-break:break-all">${escapeHtml(parts.action.url)}</p>`
      : "",
    parts.secondary
      ? `<p style="margin:0 0 24px"><a href="${escapeHtml(parts.secondary.url)}" style="color:#0a66c2">${escapeHtml(parts.secondary.label)}</a></p>`
      : "",
    parts.ignoreNote !== false
      ? `<p style="margin:0 0 24px;font-size:13px;color:#56687a">${escapeHtml(messages.mailIgnore)}</p>`
      : "",
    `<p style="margin:0;font-size:13px;color:#56687a">${escapeHtml(messages.mailSignature)}</p>`,
    "</div></body></html>",
  ].join("");
  // For the per-recipient caps (caps.ts): codes have their own cap; a mail without the "ignore
  // this" note tells of something that happened to the account (a security notice), never held back.
  const kind = parts.code ? "code" : parts.ignoreNote === false ? "notice" : undefined;
  return { to: parts.to, subject: parts.subject, text: lines.join("\n"), html, ...(kind ? { kind } : {}) };
}

const codeMinutes = Math.round(ONE_TIME_CODE_TTL_MS / 60_000);

export function verificationCodeMail(to: string, code: string): MailMessage {
  return compose({
    to,
    subject: format(messages.mailVerifySubject, { code }),
    intro: format(messages.mailVerifyIntro, { minutes: codeMinutes }),
    code,
  });
}

export function passwordResetMail(to: string, url: string, minutes: number): MailMessage {
  return compose({
    to,
    subject: messages.mailResetSubject,
    intro: format(messages.mailResetIntro, { minutes }),
    action: { label: messages.mailResetAction, url },
  });
}

export function accessChangeCodeMail(to: string, code: string): MailMessage {
  return compose({
    to,
    subject: format(messages.mailAccessChangeSubject, { code }),
    intro: format(messages.mailAccessChangeIntro, { minutes: codeMinutes }),
    code,
  });
}

/** Issue 11: a change notice carries the link that undoes the change for `days` days. */
export interface UndoLink {
  url: string;
  days: number;
}

function undoParts(undo: UndoLink | undefined) {
  return undo
    ? {
        extra: ` ${format(messages.mailAccessChangeUndoIntro, { days: undo.days })}`,
        action: { label: messages.mailAccessChangeUndoAction, url: undo.url },
      }
    : { extra: "", action: undefined };
}

export function emailChangedMail(to: string, newEmail: string, undo?: UndoLink): MailMessage {
  const { extra, action } = undoParts(undo);
  return compose({
    to,
    subject: messages.mailEmailChangedSubject,
    intro: format(messages.mailEmailChangedIntro, { email: newEmail, support: SUPPORT_EMAIL }) + extra,
    action,
    ignoreNote: false,
  });
}

export function phoneChangedMail(to: string, newPhone: string, undo?: UndoLink): MailMessage {
  const { extra, action } = undoParts(undo);
  return compose({
    to,
    subject: messages.mailPhoneChangedSubject,
    intro: format(messages.mailPhoneChangedIntro, { phone: newPhone, support: SUPPORT_EMAIL }) + extra,
    action,
    ignoreNote: false,
  });
}

export function inviteMail(to: string, inviterName: string, url: string): MailMessage {
  return compose({
    to,
    subject: format(messages.mailInviteSubject, { name: inviterName }),
    intro: format(messages.mailInviteIntro, { name: inviterName }),
    action: { label: messages.mailInviteAction, url },
  });
}

export function accessChangeCodeText(code: string): string {
  return format(messages.smsAccessChangeText, { code, minutes: codeMinutes });
}

/** Identity verification moved on (issue 12): what happened, and the screen that says more. */
export function verificationOutcomeMail(
  to: string,
  outcome: "verified" | "rejected" | "failed" | "documents",
  url: string,
): MailMessage {
  const texts = {
    verified: [messages.mailVerifiedSubject, messages.mailVerifiedIntro],
    rejected: [messages.mailRejectedSubject, messages.mailRejectedIntro],
    failed: [messages.mailVerificationFailedSubject, messages.mailVerificationFailedIntro],
    documents: [messages.mailDocumentsNeededSubject, messages.mailDocumentsNeededIntro],
  } as const;
  const [subject, intro] = texts[outcome];
  // A notice about the account: it happened, so there is nothing to ignore.
  return compose({
    to,
    subject,
    intro,
    action: { label: messages.mailVerificationAction, url },
    ignoreNote: false,
  });
}

/** Billing (issue 13): what happened to a plan while its owner was away. */
export function paymentOutcomeMail(
  to: string,
  outcome: "renewed" | "failed" | "trial_failed" | "downgraded" | string,
  plan: string,
  url: string,
): MailMessage {
  const texts: Record<string, readonly [string, string]> = {
    renewed: [messages.mailRenewedSubject, messages.mailRenewedIntro],
    failed: [messages.mailPaymentFailedSubject, messages.mailPaymentFailedIntro],
    trial_failed: [messages.mailTrialFailedSubject, messages.mailTrialFailedIntro],
    downgraded: [messages.mailDowngradedSubject, messages.mailDowngradedIntro],
  };
  const [subject, intro] = texts[outcome] ?? texts.renewed!;
  return compose({
    to,
    subject,
    intro: format(intro, { plan: planName(plan) }),
    action: { label: messages.mailBillingAction, url },
    ignoreNote: false,
  });
}

export function trialEndingMail(to: string, plan: string, trialEnd: Date, url: string): MailMessage {
  return compose({
    to,
    subject: messages.mailTrialEndingSubject,
    intro: format(messages.mailTrialEndingIntro, {
      plan: planName(plan),
      date: trialEnd.toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      }),
    }),
    action: { label: messages.mailBillingAction, url },
    ignoreNote: false,
  });
}

function planName(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** Issue 14: a company invites a person (by email) to its team; the link opens the invitation. */
/** A director named in a company's business verification: confirm, or say it is a mistake. */
export function kybDirectorMail(
  to: string,
  inviterName: string,
  company: string,
  links: { accept: string; reject: string },
): MailMessage {
  return compose({
    to,
    subject: format(messages.mailKybDirectorSubject, { company }),
    intro: format(messages.mailKybDirectorIntro, { name: inviterName, company }),
    action: { label: messages.mailKybDirectorAccept, url: links.accept },
    secondary: { label: messages.mailKybDirectorReject, url: links.reject },
  });
}

/** The registry (or staff) decided a company's business verification. */
export function kybOutcomeMail(to: string, company: string, verified: boolean, url: string): MailMessage {
  return compose({
    to,
    subject: format(verified ? messages.mailKybVerifiedSubject : messages.mailKybRejectedSubject, {
      company,
    }),
    intro: verified ? format(messages.mailKybVerifiedIntro, { company }) : messages.mailKybRejectedIntro,
    action: { label: messages.mailKybAction, url },
    ignoreNote: false,
  });
}

/** Staff decided a creator application or its appeal (issue 16). */
export function creatorOutcomeMail(to: string, approved: boolean, url: string): MailMessage {
  return compose({
    to,
    subject: approved ? messages.mailCreatorApprovedSubject : messages.mailCreatorRejectedSubject,
    intro: approved ? messages.mailCreatorApprovedIntro : messages.mailCreatorRejectedIntro,
    action: { label: messages.mailCreatorAction, url },
    ignoreNote: false,
  });
}

export function teamInviteMail(to: string, inviterName: string, company: string, url: string): MailMessage {
  return compose({
    to,
    subject: format(messages.mailTeamInviteSubject, { company }),
    intro: format(messages.mailTeamInviteIntro, { name: inviterName, company }),
    action: { label: messages.mailTeamInviteAction, url },
  });
}

/**
 * Issue 16: an enterprise enquiry or ad consultation, to the sales mailbox (SALES_EMAIL), with
 * every field as sent. A mail to our own team, so never held back by the per-recipient caps (the
 * forms have their own limits per account and address): kind "notice".
 */
export function leadMail(
  to: string,
  lead: { kind: string; name: string; email: string; company: string; details: Array<[string, string]> },
  url: string,
): MailMessage {
  const mail = compose({
    to,
    subject: format(messages.mailLeadSubject, { kind: lead.kind, company: lead.company }),
    intro: format(messages.mailLeadIntro, { kind: lead.kind, name: lead.name, email: lead.email }),
    details: lead.details,
    action: { label: messages.mailLeadOpen, url },
    ignoreNote: false,
  });
  return { ...mail, kind: "notice" };
}

/**
 * Trust and safety (issue 16): what staff decided about the person and why. A suspended person
 * cannot sign in, so their link is the signed appeal link instead of the strikes page.
 */
export function moderationStrikeMail(
  to: string,
  strike: { action: string; reason: string; message: string; url: string; suspended: boolean; days: number },
): MailMessage {
  const values = { action: strike.action, reason: strike.reason, message: strike.message, days: strike.days };
  return compose({
    to,
    subject: messages.mailStrikeSubject,
    intro: format(strike.suspended ? messages.mailSuspendedIntro : messages.mailStrikeIntro, values),
    action: {
      label: strike.suspended ? messages.mailSuspendedAction : messages.mailStrikeAction,
      url: strike.url,
    },
    ignoreNote: false,
  });
}

/** Trust and safety (issue 16): the person's appeal was decided. */
export function moderationAppealMail(to: string, granted: boolean, action: string, url: string): MailMessage {
  return compose({
    to,
    subject: messages.mailAppealDecidedSubject,
    intro: format(granted ? messages.mailAppealGrantedIntro : messages.mailAppealDeniedIntro, { action }),
    action: { label: messages.mailStrikeAction, url },
    ignoreNote: false,
  });
}
