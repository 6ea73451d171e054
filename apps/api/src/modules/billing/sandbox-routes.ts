import { AppError, endpoints } from "@vn/contract";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import type { SandboxPaymentsVendor } from "../../providers/payments/sandbox";

/** The sandbox vendor, or 404 when the payments provider is Stripe (these calls are Stripe.js's there). */
function sandboxVendor(app: FastifyInstance): SandboxPaymentsVendor {
  const provider = app.deps.payments;
  if (provider.name !== "sandbox") throw new AppError("payments_sandboxOnly");
  return provider as SandboxPaymentsVendor;
}

/**
 * The sandbox payments vendor's own calls (issue 13): what Stripe.js and Stripe's test clocks do
 * for the real vendor. The card form confirms a SetupIntent with a test card, the authentication
 * page passes or fails a 3-D Secure challenge, and tests and the demo move the vendor's clock
 * (only where PAYMENTS_SANDBOX_CLOCK is on). The client secret is the credential, as with Stripe.
 */
export const paymentsSandboxRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.billing;

  route(app, table.sandboxConfirmSetup, async ({ params, body }) => ({
    data: await sandboxVendor(app).confirmSetupIntent(params.id, body),
  }));

  route(app, table.sandboxAuthenticate, async ({ params, body }) => ({
    data: await sandboxVendor(app).authenticatePaymentIntent(params.id, body),
  }));

  route(app, table.sandboxClockAdvance, async ({ body }) => {
    const vendor = sandboxVendor(app);
    if (!app.deps.config.PAYMENTS_SANDBOX_CLOCK) throw new AppError("payments_sandboxOnly");
    const now = await vendor.advanceClock(body.seconds * 1000);
    return { data: { now: now.toISOString() } };
  });
};
