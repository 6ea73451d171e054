import {
  type AdConsultationRequest,
  AppError,
  type adConsultationRequestSchema,
  adSpendLabels,
  type EnterpriseEnquiryRequest,
  type enterpriseEnquiryRequestSchema,
  type LeadKind,
  leadHeadline,
  messages,
  type SessionActor,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { leads, users } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import { leadMail } from "../../providers/mail/templates";
import type { Jobs } from "../../shared/jobs";

/**
 * Sales leads (issue 16): the enterprise enquiry and the ad consultation. A lead is stored first
 * and mailed to the sales address after; the mail can fail (SMTP away, a slow server) without the
 * lead being lost: staff list it in the back-office whatever the mail did, and a failed mail is
 * tried again by the `leads.mail` job (pg-boss, durable, with retries) where a job runner is.
 */

type EnquiryInput = z.output<typeof enterpriseEnquiryRequestSchema>;
type ConsultationInput = z.output<typeof adConsultationRequestSchema>;

export const LEAD_MAIL_QUEUE = "leads.mail";

export interface LeadDeps {
  db: Db;
  config: Pick<Config, "SALES_EMAIL" | "WEB_ORIGIN">;
  mail: MailProvider;
  log: FastifyBaseLogger;
  jobs?: () => Jobs | undefined;
}

interface Sender {
  userId: string | null;
  profileId: string | null;
  email: string | null;
}

/** The signed-in sender's account email (the answer goes there), or the visitor's form email. */
async function senderOf(db: Db, actor: SessionActor | null, formEmail: string | undefined): Promise<Sender> {
  if (!actor) {
    if (!formEmail) {
      throw new AppError("request_validationFailed", {
        message: messages.fieldRequired,
        details: [{ path: "body.email", message: messages.fieldRequired }],
      });
    }
    return { userId: null, profileId: null, email: formEmail };
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  return { userId: actor.userId, profileId: actor.profileId, email: user?.email ?? null };
}

async function store(db: Db, kind: LeadKind, fields: Record<string, unknown>, sender: Sender) {
  const [row] = await db
    .insert(leads)
    .values({
      id: crypto.randomUUID(),
      kind,
      fields,
      email: sender.email,
      userId: sender.userId,
      profileId: sender.profileId,
    })
    .returning({ id: leads.id, kind: leads.kind, createdAt: leads.createdAt });
  return { id: row!.id, kind, createdAt: row!.createdAt.toISOString() };
}

export async function submitEnterpriseEnquiry(
  deps: LeadDeps,
  actor: SessionActor | null,
  input: EnquiryInput,
) {
  const sender = await senderOf(deps.db, actor, input.email);
  const { email: _given, ...fields } = input;
  const receipt = await store(deps.db, "enterprise", { ...fields, phone: fields.phone ?? null }, sender);
  deliverLeadMail(deps, receipt.id);
  return receipt;
}

export async function submitAdConsultation(
  deps: LeadDeps,
  actor: SessionActor | null,
  input: ConsultationInput,
) {
  const sender: Sender = {
    userId: actor?.userId ?? null,
    profileId: actor?.profileId ?? null,
    email: input.email,
  };
  const receipt = await store(
    deps.db,
    "ad_consultation",
    { ...input, objectives: input.objectives || null },
    sender,
  );
  deliverLeadMail(deps, receipt.id);
  return receipt;
}

// ——— The mail to sales ———————————————————————————————————————————————————————————————————

function detailsOf(kind: string, fields: Record<string, unknown>, email: string): Array<[string, string]> {
  const text = (value: unknown) =>
    value === null || value === undefined || value === "" ? "—" : String(value);
  if (kind === "enterprise") {
    const f = fields as Partial<EnterpriseEnquiryRequest>;
    return [
      [messages.enquiryFullNameLabel, text(f.fullName)],
      [messages.companyNameLabel, text(f.companyName)],
      [messages.enquiryWorkEmailLabel, email],
      [messages.websiteLabel, text(f.website)],
      [messages.countryLabel, text(f.country)],
      [messages.enquiryPhoneLabel, text(f.phone)],
      [messages.enquiryTextLabel, text(f.enquiry)],
    ];
  }
  const f = fields as Partial<AdConsultationRequest>;
  return [
    [messages.adCompanyLabel, text(f.company)],
    [messages.adFirstNameLabel, text(f.firstName)],
    [messages.adLastNameLabel, text(f.lastName)],
    [messages.adEmailLabel, email],
    [messages.adPhoneLabel, text(f.phone)],
    [messages.websiteLabel, text(f.website)],
    [messages.countryLabel, text(f.country)],
    [messages.adMonthlySpendLabel, f.monthlyAdSpend ? adSpendLabels[f.monthlyAdSpend] : "—"],
    [messages.adObjectivesLabel, text(f.objectives)],
  ];
}

/** Mails one stored lead to the sales address; rejects when the mail was not accepted. */
export async function mailLead(
  deps: Pick<LeadDeps, "db" | "config" | "mail">,
  leadId: string,
): Promise<void> {
  const [lead] = await deps.db.select().from(leads).where(eq(leads.id, leadId));
  if (!lead) return;
  const { name, company } = leadHeadline(lead.kind, lead.fields);
  const email = lead.email ?? "";
  const kind = lead.kind === "enterprise" ? messages.leadKindEnterprise : messages.leadKindAdConsultation;
  const url = new URL("/admin/leads", deps.config.WEB_ORIGIN).toString();
  await deps.mail.send(
    leadMail(
      deps.config.SALES_EMAIL,
      { kind, name, email, company, details: detailsOf(lead.kind, lead.fields, email) },
      url,
    ),
  );
}

/**
 * After the lead is stored: mail it now, without holding the sender's answer; when that fails,
 * hand it to the `leads.mail` job, which tries again with a growing delay.
 */
function deliverLeadMail(deps: LeadDeps, leadId: string): void {
  void mailLead(deps, leadId).catch(async (error: unknown) => {
    deps.log.warn({ err: error, leadId }, "leads: the mail to sales failed; the lead is kept");
    const jobs = deps.jobs?.();
    if (!jobs) return;
    await jobs
      .send(LEAD_MAIL_QUEUE, { leadId }, { retryLimit: 8, retryDelay: 60, retryBackoff: true })
      .catch((queueError: unknown) =>
        deps.log.error({ err: queueError, leadId }, "leads: could not queue the mail to sales"),
      );
  });
}
