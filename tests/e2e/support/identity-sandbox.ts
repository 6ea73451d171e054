import sharp from "sharp";
import { expect } from "vitest";
import { apiCall, type Member } from "./accounts";
import { apiUrl } from "./browser";

/** The identity sandbox's document and selfie photos (plain JPEGs the vendor accepts), made once. */
let photos: Promise<{ document: Buffer; selfie: Buffer }> | undefined;
export function identityPhotos(): Promise<{ document: Buffer; selfie: Buffer }> {
  photos ??= Promise.all([
    sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 110, b: 190 } } })
      .jpeg()
      .toBuffer(),
    sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 220, g: 180, b: 150 } } })
      .jpeg()
      .toBuffer(),
  ]).then(([document, selfie]) => ({ document, selfie }));
  return photos;
}

/**
 * Starts an identity verification for `member` and sends a passport through the sandbox vendor's
 * hosted capture calls (what /jumio sends). The number's last four digits pick the vendor's
 * outcome (contract idvSandboxOutcomes: 0001 accepted, 0004 handed to staff…); it decides later.
 */
export async function submitPassport(member: Member, documentNumber: string): Promise<void> {
  const { document, selfie } = await identityPhotos();
  const started = await apiCall<{ data: { captureUrl: string } }>("/v1/users/me/verification/transactions", {
    token: member.token,
    body: { country: "PT" },
  });
  expect(started.status).toBe(201);
  const session = new URL(started.body.data.captureUrl, "http://x").searchParams.get("session");
  expect(session).toBeTruthy();
  const capture = `${apiUrl()}/api/v1/identity-sandbox/sessions/${session}`;
  for (const [side, photo] of [
    ["front", document],
    ["selfie", selfie],
  ] as const) {
    const form = new FormData();
    form.append("side", side);
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `${side}.jpg`);
    expect((await fetch(`${capture}/images`, { method: "POST", body: form })).status).toBe(201);
  }
  const submitted = await fetch(`${capture}/submit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ documentType: "passport", documentNumber }),
  });
  expect(submitted.status).toBe(202);
}
