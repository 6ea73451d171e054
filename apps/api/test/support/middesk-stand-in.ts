import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Middesk's business verification API (https://docs.middesk.com), for the
 * real provider to talk to. It checks what Middesk checks — the API key (HTTP Basic with the key
 * as user name, or Bearer), a JSON body on POST, the create-a-business fields (a name, a 9-digit
 * TIN, addresses split into line/city/state/ZIP, people with names, the external id) — answers with
 * Middesk's status codes and error body (`{ errors: [{ message, parameter }] }`), keeps the
 * businesses in memory, and signs webhook events the way Middesk does (`X-Middesk-Signature-256`,
 * the hex HMAC-SHA256 of the raw body under the webhook's secret).
 *
 * What it refuses quietly in Middesk's place (a field Middesk does not take…) lands in `failures`;
 * tests expect none.
 */

// biome-ignore lint/suspicious/noExplicitAny: Middesk's JSON, built and read by hand in a test stand-in.
export type Json = Record<string, any>;

export interface MiddeskRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Json | null;
}

export interface ReviewTask {
  category: string;
  key: string;
  status: "success" | "failure" | "warning";
  sub_label: string;
  message: string;
}

/** The create-a-business parameters the provider may send (Middesk takes more; we send these). */
const knownFields = new Set(["name", "tin", "addresses", "website", "people", "external_id"]);

/** Review tasks as Middesk words them, for tests to reject a business with. */
export const middeskTasks = {
  tinNotFound: {
    category: "tin",
    key: "tin",
    status: "failure",
    sub_label: "Not Found",
    message: "The IRS does not have a record for the submitted TIN and Business Name combination",
  },
  sosInactive: {
    category: "sos",
    key: "sos_inactive",
    status: "failure",
    sub_label: "Inactive",
    message: "The business is dissolved in its state of incorporation",
  },
  nameMismatch: {
    category: "name",
    key: "name",
    status: "failure",
    sub_label: "Unverified",
    message: "Unable to identify a match to the submitted Business Name",
  },
  addressUnverified: {
    category: "address",
    key: "address_verification",
    status: "failure",
    sub_label: "Unverified",
    message: "Unable to verify the submitted Office Address",
  },
  phoneWarning: {
    category: "phone",
    key: "phone",
    status: "warning",
    sub_label: "Unverified",
    message: "Unable to verify the submitted Phone Number",
  },
} as const satisfies Record<string, ReviewTask>;

const errors = (...list: Array<{ message: string; parameter?: string }>) => ({ errors: list });

export function middeskStandIn(options: { apiKey: string; webhookSecret: string }) {
  const requests: MiddeskRequest[] = [];
  const failures: string[] = [];
  const businesses = new Map<string, Json>();
  let nextFault: { method: string; status: number; body: string } | null = null;
  let base = "";

  /** Middesk's validation of a create-a-business body: the errors it answers 422 with. */
  function validate(body: Json): Array<{ message: string; parameter?: string }> {
    const found: Array<{ message: string; parameter?: string }> = [];
    for (const key of Object.keys(body)) {
      if (!knownFields.has(key)) failures.push(`POST /v1/businesses: unexpected parameter ${key}`);
    }
    if (typeof body.name !== "string" || !body.name.trim())
      found.push({ message: "Parameter `name` is missing", parameter: "name" });
    if (body.tin !== undefined && !/^\d{9}$/.test(String(body.tin?.tin)))
      found.push({ message: "TIN must be 9 digits", parameter: "tin.tin" });
    if (!Array.isArray(body.addresses) || body.addresses.length === 0) {
      found.push({ message: "Parameter `addresses` is missing", parameter: "addresses" });
    } else {
      body.addresses.forEach((address: Json, index: number) => {
        for (const field of ["address_line1", "city", "state", "postal_code"]) {
          if (typeof address?.[field] !== "string" || !address[field].trim())
            found.push({
              message: `Address ${field} can't be blank`,
              parameter: `addresses[${index}].${field}`,
            });
        }
        if (address?.state && !/^[A-Z]{2}$/.test(address.state))
          found.push({ message: "State must be a two-letter code", parameter: `addresses[${index}].state` });
        if (address?.postal_code && !/^\d{5}(-\d{4})?$/.test(address.postal_code))
          found.push({ message: "Postal code is invalid", parameter: `addresses[${index}].postal_code` });
      });
    }
    if (body.website !== undefined && !URL.canParse(String(body.website?.url)))
      found.push({ message: "Website url is invalid", parameter: "website.url" });
    if (body.people !== undefined) {
      if (!Array.isArray(body.people)) found.push({ message: "People must be a list", parameter: "people" });
      else
        body.people.forEach((person: Json, index: number) => {
          if (typeof person?.name !== "string" || !person.name.trim())
            found.push({ message: "Person name can't be blank", parameter: `people[${index}].name` });
        });
    }
    if (body.external_id !== undefined && typeof body.external_id !== "string")
      found.push({ message: "External id must be a string", parameter: "external_id" });
    return found;
  }

  function route(method: string, path: string, request: MiddeskRequest): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/businesses") {
      if (!String(request.headers["content-type"]).startsWith("application/json")) {
        failures.push(`POST /v1/businesses: content-type ${request.headers["content-type"]}`);
        return { status: 400, body: errors({ message: "Request body must be JSON" }) };
      }
      if (!request.body) return { status: 400, body: errors({ message: "Request body must be JSON" }) };
      const invalid = validate(request.body);
      if (invalid.length > 0) return { status: 422, body: errors(...invalid) };
      const now = new Date().toISOString();
      const business: Json = {
        object: "business",
        id: randomUUID(),
        name: request.body.name,
        external_id: request.body.external_id ?? null,
        created_at: now,
        updated_at: now,
        status: "open",
        tin: request.body.tin ? { tin: request.body.tin.tin } : null,
        website: request.body.website ?? null,
        addresses: (request.body.addresses as Json[]).map((address) => ({
          object: "address",
          address_line2: null,
          ...address,
          full_address: [
            address.address_line1,
            address.address_line2,
            address.city,
            `${address.state} ${address.postal_code}`,
          ]
            .filter(Boolean)
            .join(", "),
          created_at: now,
          updated_at: now,
        })),
        people: ((request.body.people ?? []) as Json[]).map((person) => ({
          object: "person",
          name: person.name,
        })),
        review: null,
        orders: [],
      };
      businesses.set(business.id, business);
      return { status: 201, body: business };
    }
    const one = /^\/v1\/businesses\/([^/]+)$/.exec(path);
    if (method === "GET" && one) {
      const business = businesses.get(decodeURIComponent(one[1]!));
      if (!business) return { status: 404, body: errors({ message: "Not Found" }) };
      return { status: 200, body: business };
    }
    failures.push(`unexpected ${method} ${path}`);
    return { status: 404, body: errors({ message: "Not Found" }) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", base);
      const method = req.method ?? "GET";
      let body: Json | null = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const request: MiddeskRequest = { method, path: url.pathname, headers: req.headers, raw, body };
      requests.push(request);
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(typeof json === "string" ? json : JSON.stringify(json));
      };
      const basic = `Basic ${Buffer.from(`${options.apiKey}:`).toString("base64")}`;
      const auth = req.headers.authorization;
      if (auth !== basic && auth !== `Bearer ${options.apiKey}`) {
        failures.push(`${method} ${url.pathname}: not authenticated with the API key`);
        return reply(401, errors({ message: "Unauthorized" }));
      }
      if (nextFault && nextFault.method === method) {
        const fault = nextFault;
        nextFault = null;
        return reply(fault.status, fault.body);
      }
      const answer = route(method, url.pathname, request);
      return reply(answer.status, answer.body);
    });
  });

  /** A webhook event as Middesk posts it, and the headers it signs it with. */
  function signed(body: string, secret = options.webhookSecret) {
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-middesk-signature-256": createHmac("sha256", secret).update(body).digest("hex"),
      },
    };
  }

  return {
    requests,
    failures,
    businesses,
    /** Requests to one method and path. */
    sent(method: string, path: string | RegExp): MiddeskRequest[] {
      return requests.filter(
        (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      );
    },
    /** The next request with this method answers this status and body (a raw string, or Middesk's errors). */
    failNext(method: string, status: number, body: string | { message: string }) {
      nextFault = { method, status, body: typeof body === "string" ? body : JSON.stringify(errors(body)) };
    },
    /** Moves a business the way Middesk (or someone in its dashboard) does. */
    decide(businessId: string, status: string, tasks: ReviewTask[] = []) {
      const business = businesses.get(businessId);
      if (!business) throw new Error(`no business ${businessId}`);
      business.status = status;
      business.updated_at = new Date().toISOString();
      if (status === "in_review" || status === "approved" || status === "rejected") {
        business.review = {
          object: "review",
          id: randomUUID(),
          created_at: business.created_at,
          updated_at: business.updated_at,
          completed_at: business.updated_at,
          tasks,
        };
      }
    },
    /**
     * The event Middesk sends about a business, signed: with the whole Business in `data.object`
     * (business.updated), or with only its id (`idOnly`, as events about a business's parts do).
     */
    webhook(businessId: string, options: { type?: string; idOnly?: boolean; secret?: string } = {}) {
      const business = businesses.get(businessId);
      if (!business) throw new Error(`no business ${businessId}`);
      const id = randomUUID();
      const body = JSON.stringify({
        object: "event",
        id,
        type: options.type ?? "business.updated",
        created_at: new Date().toISOString(),
        data: { object: options.idOnly ? { id: business.id } : structuredClone(business) },
        account_id: "acct-stand-in",
      });
      return { id, ...signed(body, options.secret) };
    },
    /** Any body, signed with the webhook secret. */
    sign: signed,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
