import { randomUUID } from "node:crypto";
import { INVITED_TRIAL_DAYS, messages, SANDBOX_CARDS } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { userInvites } from "../src/db/schema/index";
import { createCompany, createPerson } from "../src/seed/library";
import { billingHarness, type Json, key, type Person } from "./support/billing";
import { bearerFor } from "./support/sessions";

/**
 * Issue 13, items 6–8: add-ons and the badge bought on a paid plan (now, prorated; removed at the
 * period's end), the desired trial and the invitation promotion, and the creator application
 * with its one appeal and the staff decision that opens the creator plan.
 */
const billing = billingHarness();
const { person, call, state, addCard, change, advance, until, outcomesOf } = billing;

const subscriptionPath = async (who: Person, tail: string) =>
  `/api/v1/dashboard/payments/subscriptions/${(await state(who)).publicId}/${tail}`;

async function paying(plan = "premium"): Promise<Person> {
  const buyer = await person();
  await addCard(buyer, SANDBOX_CARDS.succeeds);
  expect((await change(buyer, plan)).body.data.outcome).toBe("upgraded");
  return buyer;
}

async function staff(): Promise<Person> {
  const id = randomUUID().slice(0, 8);
  const seeded = await createPerson(billing.db().database.db, {
    name: `Admin ${id}`,
    email: `admin-${id}@example.com`,
    slug: `admin.${id}`,
    verificationStatus: "verified",
    staffRole: "admin",
  });
  const headers = await bearerFor(billing.db().database.db, seeded.userId);
  return { ...seeded, email: `admin-${id}@example.com`, headers, token: headers.authorization!.slice(7) };
}

const kindsOf = async (who: Person): Promise<string[]> =>
  (await call("GET", "/api/v1/notifications", who)).body.data.map((n: Json) => n.kind);

async function subjectsOf(email: string): Promise<string[]> {
  const mails = await billing
    .db()
    .database.raw.executeSql("select subject from dev_outbox where recipient = $1", [email]);
  return mails.rows.map((row) => String((row as { subject: string }).subject));
}

describe("add-ons", () => {
  it("need a paid plan", async () => {
    const basic = await person();
    await addCard(basic, SANDBOX_CARDS.succeeds);
    const refused = await call("POST", await subscriptionPath(basic, "addons/add"), basic, {
      type: "spy",
      idempotencyKey: key(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "payments_paidPlanRequired",
      message: messages.paymentsPaidPlanRequired,
    });
  });

  it("spy is bought now and opens who viewed you; removed, it works until the period's end", async () => {
    const buyer = await paying("standard");
    const viewers = "/api/v1/dashboard/insights/viewers";
    expect((await call("GET", viewers, buyer)).body.error.code).toBe("account_accessForbiddenByPlan");

    const added = await call("POST", await subscriptionPath(buyer, "addons/add"), buyer, {
      type: "spy",
      idempotencyKey: key(),
    });
    expect(added.body.data).toMatchObject({ outcome: "addon_activated", status: "done" });
    expect(added.body.data.state.billing.addons).toEqual([
      { type: "spy", quantity: 1, cancelAtPeriodEnd: false, nextQuantity: null },
    ]);
    expect((await call("GET", viewers, buyer)).status).toBe(200);
    const again = await call("POST", await subscriptionPath(buyer, "addons/add"), buyer, {
      type: "spy",
      idempotencyKey: key(),
    });
    expect(again.body.error.code).toBe("payments_addonAlreadyHeld");

    const removed = await call("POST", await subscriptionPath(buyer, "addons/remove"), buyer, {
      type: "spy",
      idempotencyKey: key(),
    });
    expect(removed.body.data.state.billing.addons).toEqual([
      { type: "spy", quantity: 1, cancelAtPeriodEnd: true, nextQuantity: null },
    ]);
    // Prepaid time is kept: still open now.
    expect((await call("GET", viewers, buyer)).status).toBe(200);
    const renewed = await call("POST", await subscriptionPath(buyer, "addons/renew"), buyer, {
      type: "spy",
      idempotencyKey: key(),
    });
    expect(renewed.body.data.state.billing.addons[0].cancelAtPeriodEnd).toBe(false);

    await call("POST", await subscriptionPath(buyer, "addons/remove"), buyer, {
      type: "spy",
      idempotencyKey: key(),
    });
    await advance(31);
    await until(buyer, (s) => s.billing.addons.length === 0, "the add-on to end with the period");
    expect((await call("GET", viewers, buyer)).body.error.code).toBe("account_accessForbiddenByPlan");
    // The plan itself renewed.
    expect((await state(buyer)).current.plan.slug).toBe("standard");
  });

  it("seats are for companies whose plan has a team limit", async () => {
    const buyer = await paying("standard");
    const refused = await call("POST", await subscriptionPath(buyer, "addons/add"), buyer, {
      type: "seats",
      quantity: 2,
      idempotencyKey: key(),
    });
    expect(refused.body.error).toMatchObject({
      code: "payments_addonUnavailable",
      message: messages.paymentsAddonUnavailable,
    });
  });

  it("a company buys seats now and lowers them from the period's end", async () => {
    const owner = await person();
    const company = await createCompany(billing.db().database.db, {
      name: `Seats ${randomUUID().slice(0, 6)}`,
      ownerUserId: owner.userId,
      verificationStatus: "verified",
    });
    const asCompany: Person = {
      ...owner,
      profileId: company.profileId,
      headers: await bearerFor(billing.db().database.db, owner.userId, company.profileId),
    };
    await addCard(asCompany, SANDBOX_CARDS.succeeds);
    await change(asCompany, "standard");
    const bought = await call("POST", await subscriptionPath(asCompany, "addons/add"), asCompany, {
      type: "seats",
      quantity: 5,
      idempotencyKey: key(),
    });
    expect(bought.body.data).toMatchObject({ outcome: "addon_activated", status: "done" });
    expect(bought.body.data.state.current.addons).toEqual([
      { type: { id: "seats", title: messages.addonSeats }, quantity: 5 },
    ]);
    const history = (await call("GET", "/api/v1/dashboard/payments/invoices", asCompany)).body.data;
    // Five seats at 5.00 for (almost) a whole month.
    expect(history[0].amountCents).toBeGreaterThan(2400);
    expect(history[0].amountCents).toBeLessThanOrEqual(2500);

    const more = await call("POST", await subscriptionPath(asCompany, "addons/update"), asCompany, {
      type: "seats",
      quantity: 8,
      idempotencyKey: key(),
    });
    expect(more.body.data.state.current.addons[0].quantity).toBe(8);
    const fewer = await call("POST", await subscriptionPath(asCompany, "addons/update"), asCompany, {
      type: "seats",
      quantity: 2,
      idempotencyKey: key(),
    });
    // Fewer seats from the period's end; the eight paid for stay until then.
    expect(fewer.body.data.state.current.addons[0].quantity).toBe(8);
    expect(fewer.body.data.state.billing.addons[0]).toMatchObject({ quantity: 8, nextQuantity: 2 });
    await advance(31);
    await until(asCompany, (s) => s.current.addons[0]?.quantity === 2, "two seats from the next period");
  });
});

describe("the badge", () => {
  it("is for Premium and above, shows on the profile, and can be hidden", async () => {
    const standard = await paying("standard");
    const refused = await call("POST", await subscriptionPath(standard, "badges/add"), standard, {
      idempotencyKey: key(),
    });
    expect(refused.body.error.code).toBe("payments_badgeNeedsPremium");

    const buyer = await paying("premium");
    const bought = await call("POST", await subscriptionPath(buyer, "badges/add"), buyer, {
      idempotencyKey: key(),
    });
    expect(bought.body.data).toMatchObject({ outcome: "badge_activated", status: "done" });
    const slug = (
      await billing.db().database.raw.executeSql("select slug from profiles where id = $1", [buyer.profileId])
    ).rows[0]!.slug as string;
    const page = async () => (await call("GET", `/api/v2/profiles/${slug}`, null)).body.data.user.badge;
    expect(await page()).toBe("premium");

    const hidden = await call("PATCH", "/api/v1/users/me/subscription/badge", buyer, { visible: false });
    expect(hidden.body.data.billing.badge).toMatchObject({ active: true, visible: false });
    expect(await page()).toBeNull();
    // The path names whom one acts as.
    expect(
      (await call("PATCH", "/api/v1/companies/me/subscription/badge", buyer, { visible: true })).status,
    ).toBe(404);
    expect((await call("POST", "/api/v1/users/me/subscription/badge/reminder", buyer)).body.data).toEqual({
      ok: true,
    });
    await expect.poll(() => outcomesOf(buyer)).toContain("badge_activated");
  });
});

describe("the desired trial and the invitation promotion", () => {
  it("a plan wished for before verification starts as the desired subscription", async () => {
    const newcomer = await person("not_verified");
    expect(
      (await call("GET", "/api/v1/dashboard/payments/subscriptions/desired-trial/can-show", newcomer)).body
        .data,
    ).toEqual({
      canShow: true,
    });
    const wished = await call("POST", "/api/v1/dashboard/payments/subscriptions/desired-trial", newcomer, {
      plan: "premium",
      period: "monthly",
    });
    expect(wished.body.data).toEqual({ plan: "premium", period: "monthly" });
    // Not yet: buying needs verification.
    expect((await addCardAttempt(newcomer)).status).toBe(403);

    await billing
      .db()
      .database.raw.executeSql("update profiles set verification_status = 'verified' where id = $1", [
        newcomer.profileId,
      ]);
    await addCard(newcomer, SANDBOX_CARDS.succeeds);
    const started = await change(newcomer, "premium", "monthly", { trial: true });
    expect(started.body.data.outcome).toBe("desired_subscription_activated");
    expect(
      (await call("GET", "/api/v1/dashboard/payments/subscriptions/desired-trial", newcomer)).body.data,
    ).toBeNull();
    expect(
      (await call("GET", "/api/v1/dashboard/payments/subscriptions/desired-trial/can-show", newcomer)).body
        .data,
    ).toEqual({
      canShow: false,
    });
  });

  it("someone who joined through an invitation gets a longer first trial", async () => {
    const inviter = await person();
    const invited = await person();
    await billing
      .db()
      .database.db.insert(userInvites)
      .values({
        id: randomUUID(),
        code: randomUUID(),
        email: invited.email,
        inviterProfileId: inviter.profileId,
        inviterUserId: inviter.userId,
        status: "accepted",
        acceptedByUserId: invited.userId,
        acceptedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const promotion = (await call("GET", "/api/v1/dashboard/payments/promotion-invite-activation", invited))
      .body.data;
    expect(promotion).toMatchObject({ available: true, trialDays: INVITED_TRIAL_DAYS });
    await addCard(invited, SANDBOX_CARDS.succeeds);
    const started = await change(invited, "standard", "monthly", { trial: true });
    expect(started.body.data.state.billing.trialDaysLeft).toBe(INVITED_TRIAL_DAYS);
    expect(
      (await call("GET", "/api/v1/dashboard/payments/promotion-invite-activation", invited)).body.data
        .available,
    ).toBe(false);
  });
});

async function addCardAttempt(who: Person): Promise<{ status: number; body: Json }> {
  return call("POST", "/api/v1/dashboard/payments/setup-intent", who, { idempotencyKey: key() });
}

describe("the creator application", () => {
  const application = {
    publishes: "A weekly video essay about the history of industrial design.",
    links: ["https://example.com/channel"],
  };

  it("is checked, decided by staff, appealed once, and approval opens the creator plan", async () => {
    const creator = await paying("premium");
    const admin = await staff();
    const path = "/api/v1/users/me/creator-application";
    expect((await call("GET", path, creator)).body.data).toBeNull();
    const invalid = await call("POST", path, creator, { publishes: "short", links: ["not a link"] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "body.publishes", message: messages.creatorPublishesTooShort },
        { path: "body.links.0", message: messages.invalidUrl },
      ]),
    );
    const applied = await call("POST", path, creator, application);
    expect(applied.status).toBe(201);
    expect(applied.body.data.status).toBe("pending");
    expect((await call("POST", path, creator, application)).body.error.code).toBe(
      "creator_applicationExists",
    );
    expect((await change(creator, "creator")).body.error.code).toBe("payments_planNotSelfServe");

    // Only admins decide; to everyone else the back-office does not exist.
    expect((await call("GET", "/api/v1/staff/creator-applications", creator)).status).toBe(404);
    const queue = (await call("GET", "/api/v1/staff/creator-applications", admin)).body.data;
    const mine = queue.find((entry: Json) => entry.profile.id === creator.profileId);
    expect(mine).toBeDefined();
    const decide = (decision: string) =>
      call("POST", `/api/v1/staff/creator-applications/${mine.id}/decision`, admin, {
        decision,
        note: "Checked",
      });
    expect((await decide("rejected")).body.data.status).toBe("rejected");
    expect((await decide("rejected")).body.error.code).toBe("creator_alreadyDecided");
    // Told: a notification of their own (staff unnamed) and a mail.
    await expect.poll(async () => kindsOf(creator)).toEqual(["creator_rejected"]);
    await expect.poll(async () => subjectsOf(creator.email)).toContain(messages.mailCreatorRejectedSubject);

    const appeal = { message: "My channel has grown to 40,000 subscribers since." };
    expect((await call("POST", `${path}/appeal`, creator, appeal)).body.data).toMatchObject({
      status: "pending",
    });
    expect((await call("POST", `${path}/appeal`, creator, appeal)).body.error).toMatchObject({
      code: "creator_appealAlreadySubmitted",
      message: messages.appealAlreadySubmitted,
    });
    // The appeal waits in the queue with its message.
    const appealed = (await call("GET", "/api/v1/staff/creator-applications", admin)).body.data.find(
      (entry: Json) => entry.id === mine.id,
    );
    expect(appealed).toMatchObject({ status: "pending", appealMessage: appeal.message });
    expect(appealed.appealedAt).not.toBeNull();
    expect((await decide("congratulation")).body.data.status).toBe("congratulation");
    await expect.poll(async () => kindsOf(creator)).toEqual(["creator_approved", "creator_rejected"]);
    await expect.poll(async () => subjectsOf(creator.email)).toContain(messages.mailCreatorApprovedSubject);

    const upgraded = await change(creator, "creator");
    expect(upgraded.body.data).toMatchObject({ outcome: "upgraded", status: "done" });
    expect(upgraded.body.data.state.current.plan.features["monetization.use"]).toBe(true);
    const audit = await billing
      .db()
      .database.raw.executeSql(
        "select count(*)::int as n from audit_log where action = 'creator.decided' and resource_id = $1",
        [mine.id],
      );
    expect(audit.rows[0]!.n).toBe(2);
  });
});
