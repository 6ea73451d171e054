import {
  AppError,
  catalogueVersion,
  endpoints,
  FREE_TRIAL_DAYS,
  planCatalogue,
  type SessionActor,
} from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import type { Owner } from "./service";

/** Built once: the catalogue only changes with a deploy. */
const catalogue = planCatalogue();
const version = catalogueVersion(catalogue);

/** The acting owner: a person, or the company they act for (the policy checked their scope). */
function ownerOf(actor: Pick<SessionActor, "profileId" | "profileType" | "userId">): Owner {
  if (!actor.profileId) throw new AppError("accountManager_ownerNotFound");
  return { profileId: actor.profileId, profileType: actor.profileType, userId: actor.userId };
}

/**
 * Billing (issue 13), rows of contract/endpoints/billing.ts: the plans dictionary (anyone) and
 * the owner's billing (verified owners with the settings scope). The rules are in service.ts.
 */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.billing;
  const service = () => app.billing;

  route(app, table.plans, async ({ query }) => ({
    data: { version, unchanged: query.version === version, trialDays: FREE_TRIAL_DAYS, ...catalogue },
  }));

  route(app, table.lastActive, async ({ actor }) => ({ data: await service().state(ownerOf(actor)) }));

  route(app, table.setupIntent, async ({ actor, body }) => ({
    data: await service().setupIntent(ownerOf(actor), body.idempotencyKey),
  }));

  route(app, table.changeSubscription, async ({ actor, params, body }) => ({
    data: await service().change(ownerOf(actor), params.id, body),
  }));

  route(app, table.preview, async ({ actor, params, body }) => ({
    data: await service().preview(ownerOf(actor), params.id, body),
  }));

  route(app, table.cancelChanges, async ({ actor, params }) => ({
    data: await service().cancelChanges(ownerOf(actor), params.id),
  }));

  route(app, table.rejectReminder, async ({ actor, params }) => ({
    data: await service().rejectReminder(ownerOf(actor), params.id),
  }));

  route(app, table.requireAction, async ({ actor, body }) => ({
    data: await service().requireAction(ownerOf(actor), body.paymentIntentId),
  }));

  route(app, table.defaultPaymentMethod, async ({ actor }) => ({
    data: await service().defaultPaymentMethod(ownerOf(actor)),
  }));

  route(app, table.deletePaymentMethod, async ({ actor, params }) => {
    await service().deletePaymentMethod(ownerOf(actor), params.id);
    return { data: { ok: true as const } };
  });

  route(app, table.invoices, async ({ actor }) => ({ data: await service().invoices(ownerOf(actor)) }));

  // Add-ons and the badge
  for (const action of ["add", "update", "remove", "renew"] as const) {
    const row = {
      add: table.addonAdd,
      update: table.addonUpdate,
      remove: table.addonRemove,
      renew: table.addonRenew,
    }[action];
    route(app, row, async ({ actor, params, body }) => ({
      data: await service().addon(ownerOf(actor), params.id, action, body),
    }));
  }
  for (const action of ["add", "remove", "renew"] as const) {
    const row = { add: table.badgeAdd, remove: table.badgeRemove, renew: table.badgeRenew }[action];
    route(app, row, async ({ actor, params, body }) => ({
      data: await service().badge(ownerOf(actor), params.id, action, body.idempotencyKey),
    }));
  }
  route(app, table.badgeVisibility, async ({ actor, params, body }) => ({
    data: await service().badgeVisibility(ownerNamed(actor, params.ownerType), body.visible),
  }));
  route(app, table.badgeReminder, async ({ actor, params }) => {
    await service().dismissBadgeReminder(ownerNamed(actor, params.ownerType));
    return { data: { ok: true as const } };
  });

  // The desired trial and the invitation promotion
  route(app, table.desiredTrial, async ({ actor }) => ({
    data: await service().desiredTrial(ownerOf(actor)),
  }));
  route(app, table.setDesiredTrial, async ({ actor, body }) => ({
    data: await service().setDesiredTrial(ownerOf(actor), body),
  }));
  route(app, table.desiredTrialCanShow, async ({ actor }) => ({
    data: await service().desiredTrialCanShow(ownerOf(actor)),
  }));
  route(app, table.promotionInvite, async ({ actor }) => ({
    data: await service().promotionInvite(ownerOf(actor)),
  }));

  // The creator application: the person's own (acting as themselves), and staff decisions
  const creators = () => service().creators;
  const person = (actor: Pick<SessionActor, "ownProfileId">) => {
    if (!actor.ownProfileId) throw new AppError("accountManager_ownerNotFound");
    return actor.ownProfileId;
  };
  route(app, table.creatorApplication, async ({ actor }) => ({ data: await creators().mine(person(actor)) }));
  route(app, table.creatorApply, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await creators().apply(person(actor), body) }),
  );
  route(app, table.creatorAppeal, async ({ actor, body }) => ({
    data: await creators().appeal(person(actor), body.message),
  }));
  route(app, table.creatorQueue, async () => ({ data: await creators().queue() }));
  route(app, table.creatorDecide, async ({ actor, params, body }) => ({
    data: await creators().decide(actor, params.id, body.decision, body.note),
  }));
};

/** `/{ownerType}/me/…`: the path names whom the caller acts as; another is not theirs (404). */
function ownerNamed(
  actor: Pick<SessionActor, "profileId" | "profileType" | "userId">,
  ownerType: "users" | "companies",
): Owner {
  const expected = ownerType === "users" ? "user" : "company";
  if (actor.profileType !== expected) throw new AppError("payments_subscriptionNotFound");
  return ownerOf(actor);
}

/**
 * The vendor's webhook, in a scope of its own: its JSON arrives as the raw text the signature
 * covers. Answered 2xx once processed (or known), so the vendor stops retrying.
 */
export const paymentsWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  route(app, endpoints.billing.webhook, async ({ params, request }) => {
    const provider = app.deps.payments;
    if (params.provider !== provider.name) throw new AppError("webhook_invalidSignature");
    const raw = typeof request.body === "string" ? request.body : "";
    const event = await provider.readWebhook(raw, request.headers);
    const { duplicate } = await app.billing.applyEvent(event);
    return { data: { received: true as const, duplicate } };
  });
};
