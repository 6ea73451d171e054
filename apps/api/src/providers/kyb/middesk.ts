import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, type KybReason, type KybWebhookEvent, kybWebhookEventSchema } from "@vn/contract";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../../config";
import type { KybCheckRequest, KybProvider } from "./types";

/**
 * Middesk (https://docs.middesk.com), the real business registry beside the sandbox
 * (KYB_PROVIDER=middesk). Middesk verifies US businesses only.
 *
 * - Auth: HTTP Basic with the API key as the user name and no password, the way Middesk documents
 *   it (it takes `Bearer <key>` too). mk_test_ keys answer only at https://api-sandbox.middesk.com,
 *   mk_live_ keys only at https://api.middesk.com (MIDDESK_API_URL).
 * - A check is a Business: POST /v1/businesses with the name, the TIN (our registration number as
 *   an EIN, digits only), the registered address split into fields (parseUsAddress), the website,
 *   the directors as `people` and our transaction id as `external_id`. The Business's id is the
 *   check id.
 * - Documents: Middesk's documents API only lists the filings Middesk itself retrieves from the
 *   states (GET /v1/businesses/:id/documents); it takes no uploads, so our supported documents stay
 *   with us for staff to read and are not sent.
 * - Webhooks: Middesk has no per-business webhook address. The account's webhook (Dashboard >
 *   Settings > Webhooks, or POST /v1/webhooks) must point at our callback
 *   (`<origin>/api/v1/webhooks/kyb/middesk`), subscribed to business.updated, with
 *   MIDDESK_WEBHOOK_SECRET as its secret. Middesk signs each delivery with
 *   `X-Middesk-Signature-256`: the hex HMAC-SHA256 of the raw body under that secret.
 * - Decisions: Middesk finishes a Business as `in_review` (our staff decide), or `approved` /
 *   `rejected` once someone decides in Middesk's dashboard; the rejection's reason comes from the
 *   Business's review tasks (middeskReason).
 */

export const MIDDESK_SIGNATURE_HEADER = "x-middesk-signature-256";

export interface MiddeskSettings {
  apiKey: string;
  webhookSecret: string;
  apiUrl: string;
}

export function middeskSettings(config: Config): MiddeskSettings {
  return {
    apiKey: config.MIDDESK_API_KEY ?? "",
    webhookSecret: config.MIDDESK_WEBHOOK_SECRET ?? "",
    apiUrl: config.MIDDESK_API_URL,
  };
}

// Addresses ---------------------------------------------------------------------------------------

export interface MiddeskAddress {
  address_line1: string;
  address_line2?: string;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  /** ZIP or ZIP+4. */
  postal_code: string;
}

/** USPS codes of the states, DC and the territories, by their names. */
const usStates: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  "district of columbia": "DC",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  "new hampshire": "NH",
  "new jersey": "NJ",
  "new mexico": "NM",
  "new york": "NY",
  "north carolina": "NC",
  "north dakota": "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  "rhode island": "RI",
  "south carolina": "SC",
  "south dakota": "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  "west virginia": "WV",
  wisconsin: "WI",
  wyoming: "WY",
  "puerto rico": "PR",
  guam: "GU",
  "virgin islands": "VI",
  "american samoa": "AS",
  "northern mariana islands": "MP",
};
const stateCodes = new Set(Object.values(usStates));
// Longest first, so "West Virginia" is read before "Virginia".
const stateNames = Object.keys(usStates).sort((a, b) => b.length - a.length);

const countrySuffix = /^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i;
const zipAtEnd = /[\s,]*(\d{5}(?:-\d{4})?)$/;

/** The state at the end of `text` (a USPS code or a name) and what comes before it. */
function stateAtEnd(text: string): { state: string; before: string } | null {
  const code = /(?:^|[\s,])([A-Za-z]{2})$/.exec(text);
  if (code && stateCodes.has(code[1]!.toUpperCase())) {
    return { state: code[1]!.toUpperCase(), before: text.slice(0, code.index).trim() };
  }
  const lower = text.toLowerCase();
  for (const name of stateNames) {
    if (lower === name || lower.endsWith(` ${name}`) || lower.endsWith(`,${name}`)) {
      return { state: usStates[name]!, before: text.slice(0, text.length - name.length).trim() };
    }
  }
  return null;
}

/**
 * Our registered address is one line; Middesk wants its parts. The rule, for a US address written
 * the usual way ("2180 Bryant St, Unit 210, San Francisco, CA 94110"):
 * - the line is cut at commas (and semicolons, new lines); a last part naming the country
 *   (US, USA, United States…) is dropped;
 * - the end of the last part is the ZIP (12345 or 12345-6789), before it the state (a USPS code or
 *   a state's name, any case); "CA, 94110" with a comma between them reads the same;
 * - the city is what comes before the state in that part, or else the part before it;
 * - the first part is address_line1 and any parts between it and the city are address_line2.
 * Null when the line does not read this way (no ZIP, no state, or no street before the city).
 */
export function parseUsAddress(line: string): MiddeskAddress | null {
  const parts = line
    .split(/[,;\n]/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (parts.length > 0 && countrySuffix.test(parts[parts.length - 1]!)) parts.pop();
  let last = parts.pop();
  if (last === undefined) return null;
  // "CA, 94110": the ZIP alone in the last part, the state ending the one before.
  if (/^\d{5}(-\d{4})?$/.test(last) && parts.length > 0) last = `${parts.pop()} ${last}`;
  const zip = zipAtEnd.exec(last);
  if (!zip) return null;
  const found = stateAtEnd(last.slice(0, zip.index).trim());
  if (!found) return null;
  const city = found.before || parts.pop();
  const street = parts.shift();
  if (!city || !street) return null;
  return {
    address_line1: street,
    ...(parts.length > 0 ? { address_line2: parts.join(", ") } : {}),
    city,
    state: found.state,
    postal_code: zip[1]!,
  };
}

// Middesk's objects -------------------------------------------------------------------------------

const reviewTaskSchema = z.object({
  category: z.string().nullish(),
  key: z.string().nullish(),
  status: z.string().nullish(),
  sub_label: z.string().nullish(),
  message: z.string().nullish(),
});
type ReviewTask = z.infer<typeof reviewTaskSchema>;

const businessStatuses = ["open", "pending", "in_audit", "in_review", "approved", "rejected"] as const;

const businessSchema = z.object({
  id: z.string().min(1).max(200),
  external_id: z.string().nullish(),
  status: z.enum(businessStatuses),
  review: z.object({ tasks: z.array(reviewTaskSchema).nullish() }).nullish(),
});
type MiddeskBusiness = z.infer<typeof businessSchema>;

/** Middesk's event: `data.object` is the Business, or for some events an object naming it. */
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string(),
  created_at: z.string().nullish(),
  data: z.object({
    object: z.looseObject({
      object: z.string().nullish(),
      id: z.string().nullish(),
      business_id: z.string().nullish(),
    }),
  }),
});

/**
 * Why Middesk's review turned a company down, from its failed tasks (the ones that say something),
 * the final reason first: an inactive Secretary of State filing (dissolved, forfeited…), then the
 * registry or the IRS not knowing the company or its TIN, then the name or the address not
 * matching. A rejection none of them explains was decided by a person in Middesk's dashboard.
 */
export function middeskReason(tasks: ReviewTask[]): KybReason {
  const failed = tasks.filter((task) => task.status === "failure");
  const has = (test: (task: ReviewTask) => boolean) => failed.some(test);
  const key = (task: ReviewTask) => task.key ?? "";
  if (has((task) => key(task) === "sos_inactive" || /dissolved/i.test(task.sub_label ?? "")))
    return "company_dissolved";
  if (has((task) => key(task) === "sos_not_found" || key(task) === "sos_match" || task.category === "tin"))
    return "registry_not_found";
  if (
    has((task) => task.category === "name" || task.category === "address" || key(task).startsWith("address"))
  )
    return "details_mismatch";
  return "manual_review_rejected";
}

/** A Business's status as our transaction's. */
export function middeskOutcome(
  business: MiddeskBusiness,
): Pick<KybWebhookEvent["data"], "status" | "reason"> {
  switch (business.status) {
    case "approved":
      return { status: "accepted", reason: null };
    case "rejected":
      return { status: "rejected", reason: middeskReason(business.review?.tasks ?? []) };
    case "in_review":
      // Middesk has finished and leaves the decision to its client: our staff.
      return { status: "pending_admin_action", reason: null };
    default:
      return { status: "pending", reason: null };
  }
}

// The vendor ---------------------------------------------------------------------------------------

function signatureMatches(secret: string, body: string, given: string): boolean {
  if (!secret || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** Middesk's error body: `{ errors: [{ message, parameter? }] }`. */
async function vendorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { errors?: Array<{ message?: string; parameter?: string }> };
    const messages = (body.errors ?? []).map((error) =>
      error.parameter ? `${error.message} (${error.parameter})` : String(error.message),
    );
    if (messages.length > 0) return messages.join("; ").slice(0, 500);
  } catch {
    // Not JSON (a proxy's page): its text says what there is to say.
  }
  return text.slice(0, 500) || response.statusText;
}

export class MiddeskKybVendor implements KybProvider {
  readonly name = "middesk" as const;

  constructor(
    private readonly settings: MiddeskSettings,
    private readonly env: { log: FastifyBaseLogger; fetch?: typeof fetch },
  ) {}

  supportsCountry(country: string): boolean {
    return country.toUpperCase() === "US";
  }

  /** One call to Middesk; its refusals and outages become request_unavailable, logged. */
  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const send = this.env.fetch ?? fetch;
    let response: Response;
    try {
      response = await send(new URL(path, this.settings.apiUrl), {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.settings.apiKey}:`).toString("base64")}`,
          accept: "application/json",
          "user-agent": "VerifiedNetwork/1.0",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      this.env.log.error({ err: error, method, path }, "middesk: request failed");
      throw new AppError("request_unavailable", {
        details: { vendor: "middesk", message: (error as Error).message },
        cause: error,
      });
    }
    if (!response.ok) {
      const message = await vendorMessage(response);
      this.env.log.error(
        { method, path, status: response.status, vendorMessage: message },
        "middesk: request refused",
      );
      throw new AppError("request_unavailable", {
        details: { vendor: "middesk", status: response.status, message },
      });
    }
    return (await response.json()) as T;
  }

  async createCheck(request: KybCheckRequest): Promise<{ checkId: string }> {
    const { company } = request;
    // An address that does not read as a US one goes whole: Middesk says what it misses (422).
    const address = parseUsAddress(company.registeredAddress) ?? {
      address_line1: company.registeredAddress,
    };
    const created = await this.call<{ id?: string }>("POST", "/v1/businesses", {
      name: company.legalName,
      tin: { tin: company.registrationNumber.replace(/\D/g, "") },
      addresses: [address],
      ...(company.website ? { website: { url: company.website } } : {}),
      people: request.directors.map((director) => ({ name: director.name })),
      external_id: request.reference,
    });
    if (!created.id) {
      this.env.log.error({ reference: request.reference }, "middesk: business created without an id");
      throw new AppError("request_unavailable", {
        details: { vendor: "middesk", message: "the created business has no id" },
      });
    }
    return { checkId: created.id };
  }

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<KybWebhookEvent> {
    const header = headers[MIDDESK_SIGNATURE_HEADER];
    const signature = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
    if (!signature)
      throw new AppError("webhook_invalidSignature", { details: { reason: "missing signature" } });
    if (!signatureMatches(this.settings.webhookSecret, rawBody, signature))
      throw new AppError("webhook_invalidSignature", { details: { reason: "wrong signature" } });

    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError("request_malformed");
    }
    const event = eventSchema.safeParse(parsed);
    if (!event.success)
      throw new AppError("request_malformed", { details: { reason: "not a Middesk event" } });
    const object = event.data.data.object;
    const businessId = object.object === "business" || !object.object ? object.id : object.business_id;
    if (!businessId)
      throw new AppError("request_malformed", {
        details: { reason: `a ${event.data.type} event names no business` },
      });

    // The event carries the Business itself, or only its id: then Middesk tells us the rest.
    let business: MiddeskBusiness;
    const carried = businessSchema.safeParse(object);
    if (carried.success && carried.data.id === businessId) {
      business = carried.data;
    } else {
      const read = businessSchema.safeParse(
        await this.call<unknown>("GET", `/v1/businesses/${encodeURIComponent(businessId)}`),
      );
      if (!read.success)
        throw new AppError("request_malformed", { details: { reason: "not a Middesk business" } });
      business = read.data;
    }
    if (!business.external_id)
      throw new AppError("request_malformed", {
        details: { reason: "the business has no external_id: we did not open it" },
      });

    const createdAt = new Date(event.data.created_at ?? "");
    const outcome = middeskOutcome(business);
    const normalized = kybWebhookEventSchema.safeParse({
      id: event.data.id,
      type: "check.updated",
      createdAt: Number.isNaN(createdAt.getTime()) ? new Date().toISOString() : createdAt.toISOString(),
      data: {
        checkId: business.id,
        reference: business.external_id,
        status: outcome.status,
        reason: outcome.reason,
      },
    });
    if (!normalized.success)
      throw new AppError("request_malformed", { details: { reason: "the event does not fit ours" } });
    return normalized.data;
  }
}
