import { pdf } from "./media-fixtures";

/**
 * Business verification test steps (issue 14), over real HTTP against a listening app: build a
 * KYB transaction the way an owner does, up to ready to submit.
 */

// biome-ignore lint/suspicious/noExplicitAny: test answers are checked by the assertions
export type Answer = { status: number; body: any };
export type Headers = Record<string, string>;

export function kybClient(baseUrl: string) {
  async function call(
    method: string,
    path: string,
    headers: Headers | null,
    body?: unknown,
  ): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function upload(headers: Headers, bytes: Buffer, name = "certificate.pdf", type = "application/pdf") {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${baseUrl}/api/v1/companies/me/kyb-transactions/supported-documents`, {
      method: "POST",
      body: form,
      headers,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null } as Answer;
  }

  /** Details of a company the sandbox registry answers for by its number's last four digits. */
  function details(registrationNumber: string, country = "PL") {
    return {
      legalName: "Example Holdings Sp. z o.o.",
      registrationNumber,
      country,
      registeredAddress: "ul. Prosta 1, 00-001 Warszawa",
      incorporationDate: "2015-03-02",
      website: "https://example.com",
    };
  }

  /**
   * A draft with details, one PDF and one director who accepted (by the company's handle, as the
   * mail's link does): ready to submit.
   */
  async function ready(
    owner: Headers,
    director: Headers,
    directorEmail: string,
    companySlug: string,
    registrationNumber: string,
    overrides: Partial<ReturnType<typeof details>> = {},
  ): Promise<Answer> {
    const base = "/api/v1/companies/me/kyb-transactions";
    const created = await call("POST", base, owner);
    if (created.status !== 201 && created.status !== 200)
      throw new Error(`create: ${JSON.stringify(created)}`);
    const filled = await call("PATCH", `${base}/company-details`, owner, {
      ...details(registrationNumber),
      ...overrides,
    });
    if (filled.status !== 200) throw new Error(`details: ${JSON.stringify(filled.body)}`);
    const uploaded = await upload(owner, pdf("Certificate of incorporation"));
    if (uploaded.status !== 201) throw new Error(`upload: ${JSON.stringify(uploaded.body)}`);
    const invited = await call("POST", `${base}/director-invites`, owner, { email: directorEmail });
    if (invited.status !== 201) throw new Error(`invite: ${JSON.stringify(invited.body)}`);
    const accepted = await call(
      "PATCH",
      `/api/v1/users/me/companies/invites/by-company/${companySlug}/accept`,
      director,
    );
    if (accepted.status !== 200) throw new Error(`accept: ${JSON.stringify(accepted.body)}`);
    return call("GET", `${base}/latest`, owner);
  }

  return { call, upload, details, ready };
}
