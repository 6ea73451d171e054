import { messages, SANDBOX_CARDS } from "@vn/contract";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { apiCall, createMember, type Member, signInWithForm } from "../support/accounts";
import { submitPassport } from "../support/identity-sandbox";
import type { BrowserSuite } from "../support/suite";

/**
 * What the billing walks share (billing.test.ts, billing-addons.test.ts): members verified through
 * the identity sandbox, cards saved and plans bought through the API as the card form and the
 * checkout do, the sandbox's test clock, and the billing page's controls.
 */

export type Json = Record<string, unknown>;

/** A member whose identity the sandbox vendor accepted (a passport number ending in 0001). */
export async function verifiedMember(prefix: string): Promise<Member> {
  return verify(await createMember(prefix));
}

/** Verifies a member through the identity sandbox (a passport number ending in 0001 is accepted). */
export async function verify(member: Member): Promise<Member> {
  await submitPassport(member, "P9870001");
  await expect
    .poll(
      async () =>
        (await apiCall<{ data: { status: string } }>("/v1/users/me/verification", { token: member.token }))
          .body.data.status,
      { timeout: 20_000, interval: 500 },
    )
    .toBe("verified");
  return member;
}

export async function billingState(member: Member): Promise<Json & { publicId: string; billing: Json }> {
  const answer = await apiCall<{ data: Json & { publicId: string; billing: Json } }>(
    "/v1/dashboard/payments/subscriptions/last-active",
    { token: member.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Saves a test card through the API, as the sandbox card form does. */
export async function saveCard(member: Member, cardNumber: string): Promise<void> {
  const intent = await apiCall<{ data: { setupIntentId: string; clientSecret: string } }>(
    "/v1/dashboard/payments/setup-intent",
    { token: member.token, body: { idempotencyKey: `e2e-${crypto.randomUUID()}` } },
  );
  expect(intent.status).toBe(200);
  const confirmed = await apiCall<{ data: { status: string } }>(
    `/v1/payments-sandbox/setup-intents/${intent.body.data.setupIntentId}/confirm`,
    {
      body: {
        clientSecret: intent.body.data.clientSecret,
        cardNumber,
        expMonth: 12,
        expYear: 2040,
        cvc: "123",
      },
    },
  );
  expect(confirmed.body.data.status).toBe("succeeded");
}

export async function changePlan(member: Member, plan: string, trial: boolean): Promise<void> {
  const { publicId } = await billingState(member);
  const changed = await apiCall<{ data: { status: string } }>(
    `/v1/dashboard/payments/subscriptions/${publicId}`,
    {
      method: "PUT",
      token: member.token,
      body: { plan, period: "monthly", trial, idempotencyKey: `e2e-${crypto.randomUUID()}` },
    },
  );
  expect(changed.status).toBe(200);
  expect(changed.body.data.status).toBe("done");
}

/**
 * A member on a paid Standard plan: a 4242 card, the trial, and the sandbox's clock moved past the
 * trial's end, so the first period is paid (the plan is no longer a trial and can be upgraded for money).
 */
export async function paidStandardMember(prefix: string): Promise<Member> {
  const member = await verifiedMember(prefix);
  await saveCard(member, SANDBOX_CARDS.succeeds);
  await changePlan(member, "standard", true);
  const advanced = await apiCall("/v1/payments-sandbox/clock/advance", {
    body: { seconds: 15 * 24 * 60 * 60 },
  });
  expect(advanced.status).toBe(200);
  await expect
    .poll(async () => (await billingState(member)).billing.status, { timeout: 20_000, interval: 500 })
    .toBe("active");
  return member;
}

/** Signs the member in and opens /settings/billing (unverified members see why they cannot buy). */
export async function signInToBilling(suite: BrowserSuite, member: Member, width = 1280): Promise<Page> {
  const { page } = await suite.open(width);
  await page.goto("/login");
  await signInWithForm(page, member.email, member.password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto("/settings/billing");
  await page.getByRole("heading", { level: 1, name: messages.billingTitle }).waitFor();
  return page;
}

/** Signs a verified member in and opens /settings/billing, their plan shown. */
export async function openBilling(suite: BrowserSuite, member: Member, width = 1280): Promise<Page> {
  const page = await signInToBilling(suite, member, width);
  await page.getByTestId("current-plan").waitFor();
  return page;
}

/** The button of one plan card, named "<label>: <plan>". */
export function cardButton(page: Page, label: string, plan: string) {
  return page.getByRole("button", { name: `${label}: ${plan}`, exact: true });
}

export async function fillCard(page: Page, number: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(messages.cardNumberLabel).fill(number);
  await dialog.getByLabel(messages.cardExpiryLabel).fill("1234");
  await dialog.getByLabel(messages.cardCvcLabel).fill("123");
  await dialog.getByRole("button", { name: messages.cardSave }).click();
}

export async function expectNotice(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(
      async () =>
        (await page
          .getByTestId("billing-notice")
          .textContent({ timeout: 1000 })
          .catch(() => "")) ?? "",
      {
        timeout: 15_000,
      },
    )
    .toMatch(text);
}
