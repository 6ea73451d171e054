import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API (issue 13), for the official SDK to talk to: it checks what
 * Stripe checks (the bearer key, the pinned Stripe-Version, idempotency keys replayed or refused
 * when reused with other parameters, form-encoded parameters), keeps customers, cards,
 * subscriptions, invoices, PaymentIntents and schedules in memory, answers with objects shaped
 * like the pinned API version's (invoice payments, item periods, `pricing.price_details`), and
 * records every request so tests can assert on what the SDK sent.
 *
 * Cards are Stripe's test payment methods: `visa` succeeds, `authenticationRequired` leaves the
 * PaymentIntent in requires_action (3-D Secure), `chargeDeclined` declines (card_declined).
 */

// biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON, built and read by hand in a test stand-in.
export type Json = Record<string, any>;

export interface StandInRequest {
  method: string;
  path: string;
  /** Query (GET, DELETE) or form body (POST), decoded into objects and arrays. */
  params: Json;
  raw: string;
  headers: http.IncomingHttpHeaders;
}

export type TestCard = "visa" | "authenticationRequired" | "chargeDeclined";

const cards: Record<TestCard, { last4: string; brand: string }> = {
  visa: { last4: "4242", brand: "visa" },
  authenticationRequired: { last4: "3155", brand: "visa" },
  chargeDeclined: { last4: "0002", brand: "visa" },
};

/** Decodes `items[0][price]=x&expand[]=a&metadata[k]=v` the way Stripe reads it. */
export function decodeForm(raw: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const parts = (name.match(/^[^[]+|\[[^\]]*\]/g) ?? [name]).map((p) =>
      p.startsWith("[") ? p.slice(1, -1) : p,
    );
    let node: Json = root;
    parts.forEach((part, index) => {
      const key = part === "" ? (node as unknown[]).length : part;
      if (index === parts.length - 1) {
        node[key] = value;
        return;
      }
      const next = parts[index + 1]!;
      node[key] ??= next === "" || /^\d+$/.test(next) ? [] : {};
      node = node[key];
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString("hex")}`;
const list = (data: Json[], url: string): Json => ({ object: "list", data, has_more: false, url });

function addPeriod(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(error.message);
  }
}
const missing = (kind: string, what: string, param = "id") =>
  new StripeFault(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${what}'`,
    param,
  });
const invalid = (message: string, param?: string) =>
  new StripeFault(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });

export function stripeStandIn(options: { secretKey: string; apiVersion: string }) {
  const requests: StandInRequest[] = [];
  /** What the stand-in refused to accept silently (a wrong Stripe-Version…); tests expect none. */
  const failures: string[] = [];
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const cardOf = new Map<string, TestCard>();
  const setupIntents = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const invoicePayments = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  let nextFault: { method: string; path: RegExp; status: number; error: Json } | null = null;
  const now = () => Math.floor(Date.now() / 1000);

  function priceById(priceId: string): Json {
    const price = prices.get(priceId);
    if (!price) throw missing("price", priceId, "items[0][price]");
    return price;
  }

  // ——— objects as Stripe renders them ———

  function lookup(value: string): Json | undefined {
    if (value.startsWith("in_")) return invoices.get(value);
    if (value.startsWith("pi_")) return paymentIntents.get(value);
    if (value.startsWith("sub_sched_")) return schedules.get(value);
    if (value.startsWith("sub_")) return subscriptions.get(value);
    if (value.startsWith("pm_")) return paymentMethods.get(value);
    if (value.startsWith("prod_")) return products.get(value);
    if (value.startsWith("price_")) return prices.get(value);
    if (value.startsWith("cus_")) return customers.get(value);
    return undefined;
  }

  /** Expands one dotted path (`data` walks a list), with the invoice's includable fields. */
  function expandPath(value: unknown, segments: string[]): unknown {
    if (segments.length === 0 || value === null || typeof value !== "object") return value;
    const [head, ...rest] = segments as [string, ...string[]];
    const object = value as Json;
    if (object.object === "list" && head === "data") {
      object.data = object.data.map((entry: unknown) => expandPath(entry, rest));
      return object;
    }
    let child = object[head];
    if (object.object === "invoice" && head === "payments" && child === undefined) {
      child = list(
        structuredClone([...invoicePayments.values()].filter((p) => p.invoice === object.id)),
        `/v1/invoice_payments?invoice=${object.id}`,
      );
    }
    if (object.object === "invoice" && head === "confirmation_secret" && child === undefined) {
      const payment = [...invoicePayments.values()].find((p) => p.invoice === object.id);
      const intent = payment ? paymentIntents.get(payment.payment.payment_intent) : undefined;
      child = intent ? { type: "payment_intent", client_secret: intent.client_secret } : null;
    }
    if (typeof child === "string") child = structuredClone(lookup(child)) ?? child;
    object[head] = expandPath(child, rest);
    return object;
  }

  function render(object: Json, expand: unknown): Json {
    let out: Json = structuredClone(object);
    for (const path of Array.isArray(expand) ? expand : [])
      out = expandPath(out, String(path).split(".")) as Json;
    return out;
  }

  // ——— money ———

  /** Charges the customer's default card for an invoice: a PaymentIntent and its InvoicePayment. */
  function charge(customer: Json, invoice: Json): Json {
    const methodId: string | null =
      invoice.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const card = methodId ? cardOf.get(methodId) : undefined;
    const intent: Json = {
      id: id("pi"),
      object: "payment_intent",
      amount: invoice.amount_due,
      amount_received: 0,
      currency: "usd",
      customer: customer.id,
      client_secret: "",
      created: now(),
      livemode: false,
      metadata: {},
      payment_method: methodId,
      status: "requires_payment_method",
      last_payment_error: null,
      next_action: null,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString("hex")}`;
    if (card === "visa") {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
    } else if (card === "authenticationRequired") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: {} };
    } else if (card === "chargeDeclined") {
      intent.last_payment_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      intent.payment_method = null;
    }
    paymentIntents.set(intent.id, intent);
    const payment: Json = {
      id: id("inpay"),
      object: "invoice_payment",
      amount_paid: intent.status === "succeeded" ? intent.amount : null,
      amount_requested: intent.amount,
      created: now(),
      currency: "usd",
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: intent.id },
      status: intent.status === "succeeded" ? "paid" : "open",
      status_transitions: { canceled_at: null, paid_at: intent.status === "succeeded" ? now() : null },
    };
    invoicePayments.set(payment.id, payment);
    invoice.attempt_count = 1;
    invoice.attempted = true;
    if (intent.status === "succeeded") {
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
    }
    return intent;
  }

  function line(input: {
    amount: number;
    description: string;
    price: Json;
    quantity: number;
    start: number;
    end: number;
    proration: boolean;
    subscription: string;
    item: string;
  }): Json {
    return {
      id: id("il"),
      object: "line_item",
      amount: input.amount,
      currency: "usd",
      description: input.description,
      quantity: input.quantity,
      period: { start: input.start, end: input.end },
      pricing: {
        type: "price_details",
        price_details: { price: input.price.id, product: input.price.product },
        unit_amount_decimal: String(input.price.unit_amount),
      },
      parent: {
        type: "subscription_item_details",
        subscription_item_details: {
          invoice_item: null,
          proration: input.proration,
          proration_details: null,
          subscription: input.subscription,
          subscription_item: input.item,
        },
        invoice_item_details: null,
      },
      subscription: input.subscription,
      metadata: {},
      livemode: false,
    };
  }

  function invoiceFor(subscription: Json, reason: string, lines: Json[], options: { store: boolean }): Json {
    const amount = Math.max(
      0,
      lines.reduce((sum, l) => sum + l.amount, 0),
    );
    const invoice: Json = {
      id: options.store ? id("in") : `upcoming_${id("in")}`,
      object: "invoice",
      customer: subscription.customer,
      status: options.store ? (amount === 0 ? "paid" : "open") : "draft",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      period_start: now(),
      period_end: now(),
      created: now(),
      currency: "usd",
      subtotal: amount,
      total: amount,
      default_payment_method: null,
      lines: list(lines, "/v1/invoices/lines"),
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      livemode: false,
      metadata: {},
    };
    if (options.store) invoices.set(invoice.id, invoice);
    return invoice;
  }

  function subscriptionItem(
    price: Json,
    quantity: number,
    subscription: string,
    start: number,
    end: number,
  ): Json {
    return {
      id: id("si"),
      object: "subscription_item",
      created: now(),
      current_period_start: start,
      current_period_end: end,
      metadata: {},
      price: structuredClone(price),
      quantity,
      subscription,
      discounts: [],
      tax_rates: [],
    };
  }

  /**
   * What an items parameter does to a subscription, priced: the items after it, the proration
   * lines (unused time credited, remaining time charged) and the new period when the anchor moves.
   */
  function change(subscription: Json, params: Json) {
    const first = subscription.items.data[0];
    const start: number = first.current_period_start;
    const end: number = first.current_period_end;
    const at = params.proration_date ? Number(params.proration_date) : now();
    const fraction = end > start ? Math.max(0, end - at) / (end - start) : 0;
    const anchorNow = params.billing_cycle_anchor?.type === "now";
    const items: Json[] = structuredClone(subscription.items.data);
    for (const entry of (params.items ?? []) as Json[]) {
      if (entry.id) {
        const index = items.findIndex((i) => i.id === entry.id);
        if (index < 0) throw missing("subscription_item", entry.id, "items");
        if (entry.deleted === "true") {
          items.splice(index, 1);
          continue;
        }
        const item = items[index]!;
        if (entry.price) item.price = structuredClone(priceById(entry.price));
        if (entry.quantity !== undefined) item.quantity = Number(entry.quantity);
      } else {
        items.push(
          subscriptionItem(priceById(entry.price), Number(entry.quantity ?? 1), subscription.id, start, end),
        );
      }
    }
    const cost = (item: Json) => item.price.unit_amount * item.quantity;
    const lines: Json[] = [];
    const trialing = subscription.status === "trialing";
    for (const before of subscription.items.data as Json[]) {
      const after = items.find((i) => i.id === before.id);
      if (after && after.price.id === before.price.id && after.quantity === before.quantity && !anchorNow)
        continue;
      if (trialing) continue;
      lines.push(
        line({
          amount: -Math.round(cost(before) * fraction),
          description: `Unused time on ${before.quantity} × ${before.price.lookup_key}`,
          price: before.price,
          quantity: before.quantity,
          start: at,
          end,
          proration: true,
          subscription: subscription.id,
          item: before.id,
        }),
      );
    }
    const newEnd = anchorNow ? addPeriod(at, items[0]?.price.recurring.interval ?? "month") : end;
    for (const after of items) {
      const before = (subscription.items.data as Json[]).find((i) => i.id === after.id);
      if (before && after.price.id === before.price.id && after.quantity === before.quantity && !anchorNow)
        continue;
      if (trialing) continue;
      lines.push(
        line({
          amount: anchorNow ? cost(after) : Math.round(cost(after) * fraction),
          description: anchorNow
            ? `${after.quantity} × ${after.price.lookup_key}`
            : `Remaining time on ${after.quantity} × ${after.price.lookup_key}`,
          price: after.price,
          quantity: after.quantity,
          start: at,
          end: newEnd,
          proration: !anchorNow,
          subscription: subscription.id,
          item: after.id,
        }),
      );
    }
    if (anchorNow)
      for (const item of items) {
        item.current_period_start = at;
        item.current_period_end = newEnd;
      }
    return { items, lines };
  }

  // ——— routes ———

  const pendingUpdateParams = new Set([
    "expand",
    "payment_behavior",
    "proration_behavior",
    "proration_date",
    "billing_cycle_anchor",
    "items",
    "trial_end",
    "trial_from_plan",
    "add_invoice_items",
  ]);

  function route(method: string, path: string, p: Json): Json {
    let match: RegExpExecArray | null = null;
    if (method === "GET" && path === "/v1/prices") {
      const keys: string[] = p.lookup_keys ?? [];
      const found = [...prices.values()].filter(
        (price) =>
          keys.includes(price.lookup_key) && (p.active === undefined || String(price.active) === p.active),
      );
      return render(list(found, "/v1/prices"), p.expand);
    }
    match = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      return render(priceById(match[1]!), p.expand);
    }
    if (method === "POST" && path === "/v1/customers") {
      const customer: Json = {
        id: id("cus"),
        object: "customer",
        name: p.name ?? null,
        email: p.email ?? null,
        metadata: p.metadata ?? {},
        created: now(),
        livemode: false,
        invoice_settings: {
          default_payment_method: null,
          custom_fields: null,
          footer: null,
          rendering_options: null,
        },
      };
      customers.set(customer.id, customer);
      return render(customer, p.expand);
    }
    match = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (match) {
      const customer = customers.get(match[1]!);
      if (!customer) throw missing("customer", match[1]!);
      if (method === "POST") {
        const chosen = p.invoice_settings?.default_payment_method;
        if (chosen !== undefined) {
          const pm = paymentMethods.get(chosen);
          if (!pm) throw missing("PaymentMethod", chosen, "invoice_settings[default_payment_method]");
          if (pm.customer !== customer.id)
            throw invalid(
              `The PaymentMethod ${chosen} does not belong to the Customer you supplied ${customer.id}.`,
            );
          customer.invoice_settings.default_payment_method = chosen;
        }
      }
      return render(customer, p.expand);
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (!customers.has(p.customer)) throw missing("customer", p.customer, "customer");
      const intent: Json = {
        id: id("seti"),
        object: "setup_intent",
        customer: p.customer,
        usage: p.usage ?? "off_session",
        status: "requires_payment_method",
        payment_method: null,
        automatic_payment_methods:
          p.automatic_payment_methods?.enabled === "true"
            ? { enabled: true, allow_redirects: "always" }
            : null,
        created: now(),
        livemode: false,
        last_setup_error: null,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString("hex")}`;
      setupIntents.set(intent.id, intent);
      return render(intent, p.expand);
    }
    match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const intent = setupIntents.get(match[1]!);
      if (!intent) throw missing("setupintent", match[1]!);
      return render(intent, p.expand);
    }
    match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === "POST" && match) {
      const pm = paymentMethods.get(match[1]!);
      if (!pm) throw missing("payment_method", match[1]!);
      if (!pm.customer)
        throw invalid(
          "The payment method you provided is not attached to a customer so detachment is impossible.",
        );
      const owner = customers.get(pm.customer);
      if (owner && owner.invoice_settings.default_payment_method === pm.id)
        owner.invoice_settings.default_payment_method = null;
      pm.customer = null;
      return render(pm, p.expand);
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const customer = customers.get(p.customer);
      if (!customer) throw missing("customer", p.customer, "customer");
      const wanted = (p.items ?? []) as Json[];
      if (wanted.length === 0) throw invalid("Missing required param: items.", "items");
      const start = now();
      const trialDays = p.trial_period_days ? Number(p.trial_period_days) : 0;
      const firstPrice = priceById(wanted[0]!.price);
      const end = trialDays ? start + trialDays * 86400 : addPeriod(start, firstPrice.recurring.interval);
      const subscription: Json = {
        id: id("sub"),
        object: "subscription",
        customer: customer.id,
        status: trialDays ? "trialing" : "incomplete",
        items: list([], "/v1/subscription_items"),
        latest_invoice: null,
        metadata: p.metadata ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        trial_start: trialDays ? start : null,
        trial_end: trialDays ? end : null,
        start_date: start,
        billing_cycle_anchor: end,
        created: start,
        pending_update: null,
        schedule: null,
        currency: "usd",
        collection_method: "charge_automatically",
        default_payment_method: null,
        payment_settings: {
          save_default_payment_method: p.payment_settings?.save_default_payment_method ?? "off",
          payment_method_options: null,
          payment_method_types: null,
        },
        livemode: false,
      };
      subscription.items.data = wanted.map((w) =>
        subscriptionItem(priceById(w.price), Number(w.quantity ?? 1), subscription.id, start, end),
      );
      const lines = (subscription.items.data as Json[]).map((item) =>
        line({
          amount: trialDays ? 0 : item.price.unit_amount * item.quantity,
          description: `${trialDays ? "Trial period for " : ""}${item.quantity} × ${item.price.lookup_key}`,
          price: item.price,
          quantity: item.quantity,
          start,
          end,
          proration: false,
          subscription: subscription.id,
          item: item.id,
        }),
      );
      const invoice = invoiceFor(subscription, "subscription_create", lines, { store: true });
      subscription.latest_invoice = invoice.id;
      if (invoice.amount_due > 0) {
        const intent = charge(customer, invoice);
        if (intent.status === "succeeded") subscription.status = "active";
      } else if (!trialDays) subscription.status = "active";
      subscriptions.set(subscription.id, subscription);
      return render(subscription, p.expand);
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) throw missing("subscription", match[1]!);
      if (method === "GET") return render(subscription, p.expand);
      if (method === "DELETE") {
        subscription.status = "canceled";
        subscription.canceled_at = now();
        subscription.ended_at = now();
        const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
        if (schedule) {
          schedule.status = "canceled";
          schedule.canceled_at = now();
        }
        return render(subscription, p.expand);
      }
      // POST: an update.
      if (p.payment_behavior === "pending_if_incomplete") {
        const refused = Object.keys(p).filter((key) => !pendingUpdateParams.has(key));
        if (refused.length)
          throw invalid(
            `When payment_behavior is pending_if_incomplete, you can only pass the parameters supported by pending updates; ${refused.join(", ")} is not one of them.`,
            refused[0],
          );
      }
      if (p.cancel_at_period_end !== undefined) {
        if (subscription.schedule && schedules.get(subscription.schedule)?.status === "active") {
          throw invalid(
            `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
          );
        }
        subscription.cancel_at_period_end = p.cancel_at_period_end === "true";
      }
      if (p.metadata) subscription.metadata = { ...subscription.metadata, ...p.metadata };
      if (p.items) {
        const { items, lines } = change(subscription, p);
        const invoice =
          p.proration_behavior === "always_invoice" && lines.length
            ? invoiceFor(subscription, "subscription_update", lines, { store: true })
            : null;
        let paid = true;
        if (invoice && invoice.amount_due > 0) {
          const intent = charge(customers.get(subscription.customer)!, invoice);
          paid = intent.status === "succeeded";
        }
        if (invoice) subscription.latest_invoice = invoice.id;
        if (paid || p.payment_behavior !== "pending_if_incomplete") {
          subscription.items.data = items;
          subscription.pending_update = null;
          if (p.billing_cycle_anchor?.type === "now") subscription.billing_cycle_anchor = now();
        } else {
          subscription.pending_update = {
            billing_cycle_anchor: p.billing_cycle_anchor?.type === "now" ? now() : null,
            expires_at: now() + 23 * 3600,
            subscription_items: items,
            trial_end: null,
            trial_from_plan: null,
          };
        }
      }
      return render(subscription, p.expand);
    }
    if (method === "POST" && path === "/v1/invoices/create_preview") {
      const details = (p.subscription_details ?? {}) as Json;
      if (p.subscription) {
        const subscription = subscriptions.get(p.subscription);
        if (!subscription) throw missing("subscription", p.subscription, "subscription");
        const { lines } = change(subscription, details);
        return render(invoiceFor(subscription, "upcoming", lines, { store: false }), p.expand);
      }
      if (!customers.has(p.customer)) throw missing("customer", p.customer, "customer");
      const start = now();
      const draft: Json = { id: "sub_preview", customer: p.customer, metadata: {}, status: "active" };
      const lines = ((details.items ?? []) as Json[]).map((w) => {
        const price = priceById(w.price);
        const quantity = Number(w.quantity ?? 1);
        return line({
          amount: price.unit_amount * quantity,
          description: `${quantity} × ${price.lookup_key}`,
          price,
          quantity,
          start,
          end: addPeriod(start, price.recurring.interval),
          proration: false,
          subscription: draft.id,
          item: "si_preview",
        });
      });
      return render(invoiceFor(draft, "upcoming", lines, { store: false }), p.expand);
    }
    if (method === "GET" && path === "/v1/invoices") {
      const found = [...invoices.values()]
        .filter((invoice) => !p.customer || invoice.customer === p.customer)
        .sort((a, b) => b.created - a.created)
        .slice(0, Number(p.limit ?? 10));
      return render(list(found, "/v1/invoices"), p.expand);
    }
    match = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const invoice = invoices.get(match[1]!);
      if (!invoice) throw missing("invoice", match[1]!);
      return render(invoice, p.expand);
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const found = [...invoicePayments.values()].filter(
        (payment) =>
          (!p.invoice || payment.invoice === p.invoice) &&
          (!p.payment?.payment_intent || payment.payment.payment_intent === p.payment.payment_intent),
      );
      return render(list(found.slice(0, Number(p.limit ?? 10)), "/v1/invoice_payments"), p.expand);
    }
    match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent) throw missing("payment_intent", match[1]!);
      return render(intent, p.expand);
    }
    if (method === "POST" && path === "/v1/subscription_schedules") {
      const others = Object.keys(p).filter((key) => key !== "from_subscription" && key !== "expand");
      if (others.length)
        throw invalid("You cannot set other parameters when using `from_subscription`.", others[0]);
      const subscription = subscriptions.get(p.from_subscription);
      if (!subscription) throw missing("subscription", p.from_subscription, "from_subscription");
      if (subscription.schedule)
        throw invalid(
          `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        );
      const first = subscription.items.data[0];
      const schedule: Json = {
        id: id("sub_sched"),
        object: "subscription_schedule",
        subscription: subscription.id,
        customer: subscription.customer,
        status: "active",
        end_behavior: "release",
        current_phase: { start_date: first.current_period_start, end_date: first.current_period_end },
        phases: [
          {
            start_date: first.current_period_start,
            end_date: first.current_period_end,
            items: (subscription.items.data as Json[]).map((item) => ({
              price: item.price.id,
              quantity: item.quantity,
              metadata: {},
              discounts: [],
              tax_rates: [],
            })),
            proration_behavior: "create_prorations",
            trial_end: subscription.trial_end,
            metadata: {},
            add_invoice_items: [],
            discounts: [],
          },
        ],
        created: now(),
        canceled_at: null,
        completed_at: null,
        released_at: null,
        released_subscription: null,
        metadata: {},
        livemode: false,
        test_clock: null,
      };
      schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      return render(schedule, p.expand);
    }
    match = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (match) {
      const schedule = schedules.get(match[1]!);
      if (!schedule) throw missing("subscription_schedule", match[1]!);
      if (method === "GET") return render(schedule, p.expand);
      if (schedule.status !== "active")
        throw invalid(
          `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      if (match[2]) {
        schedule.status = "released";
        schedule.released_at = now();
        schedule.released_subscription = schedule.subscription;
        const subscription = subscriptions.get(schedule.subscription);
        if (subscription) subscription.schedule = null;
        schedule.subscription = null;
        return render(schedule, p.expand);
      }
      if (p.end_behavior) schedule.end_behavior = p.end_behavior;
      if (p.phases) {
        const phases = p.phases as Json[];
        if (Number(phases[0]?.start_date) !== schedule.current_phase.start_date)
          throw invalid("You can not modify the start date of the current phase.", "phases[0][start_date]");
        let previousEnd = 0;
        schedule.phases = phases.map((phase) => {
          const start = phase.start_date ? Number(phase.start_date) : previousEnd;
          const end = phase.end_date
            ? Number(phase.end_date)
            : addPeriod(start, phase.duration?.interval ?? "month");
          previousEnd = end;
          return {
            start_date: start,
            end_date: end,
            items: ((phase.items ?? []) as Json[]).map((item) => ({
              price: priceById(item.price).id,
              quantity: Number(item.quantity ?? 1),
              metadata: {},
              discounts: [],
              tax_rates: [],
            })),
            proration_behavior: phase.proration_behavior ?? "create_prorations",
            trial_end: phase.trial_end ? Number(phase.trial_end) : null,
            metadata: {},
            add_invoice_items: [],
            discounts: [],
          };
        });
      }
      return render(schedule, p.expand);
    }
    throw new StripeFault(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function handle(
    req: http.IncomingMessage,
    raw: string,
  ): { status: number; body: string; replayed: boolean } {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const params = method === "POST" ? decodeForm(raw) : decodeForm(url.search.slice(1));
    requests.push({
      method,
      path: url.pathname,
      params,
      raw: method === "POST" ? raw : url.search.slice(1),
      headers: req.headers,
    });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return {
        status: 401,
        body: JSON.stringify({
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        }),
        replayed: false,
      };
    }
    if (req.headers["stripe-version"] !== options.apiVersion)
      failures.push(`${method} ${url.pathname}: Stripe-Version ${req.headers["stripe-version"]}`);
    const key = req.headers["idempotency-key"];
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (typeof key === "string" && method === "POST") {
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return {
            status: 400,
            body: JSON.stringify({
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
            replayed: false,
          };
        }
        return { status: seen.status, body: seen.body, replayed: true };
      }
    }
    let status = 200;
    let body: string;
    const fault = nextFault;
    if (fault && fault.method === method && fault.path.test(url.pathname)) {
      nextFault = null;
      status = fault.status;
      body = JSON.stringify({ error: fault.error });
    } else {
      try {
        body = JSON.stringify(route(method, url.pathname, params));
      } catch (error) {
        if (!(error instanceof StripeFault)) throw error;
        status = error.status;
        body = JSON.stringify({ error: error.error });
      }
    }
    if (typeof key === "string" && method === "POST") idempotency.set(key, { fingerprint, status, body });
    return { status, body, replayed: false };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let answer: { status: number; body: string; replayed: boolean };
      try {
        answer = handle(req, Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        failures.push(`stand-in crashed: ${(error as Error).stack}`);
        answer = {
          status: 400,
          body: JSON.stringify({ error: { type: "invalid_request_error", message: String(error) } }),
          replayed: false,
        };
      }
      res.writeHead(answer.status, {
        "content-type": "application/json",
        "request-id": id("req"),
        "stripe-version": options.apiVersion,
        ...(answer.replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(answer.body);
    });
  });

  return {
    requests,
    failures,
    subscriptions,
    invoices,
    paymentIntents,
    schedules,
    /** An active recurring USD price with this lookup key. */
    addPrice(lookupKey: string, unitAmount: number, interval: "month" | "year" = "month"): Json {
      const product: Json = {
        id: id("prod"),
        object: "product",
        name: lookupKey,
        active: true,
        metadata: {},
      };
      products.set(product.id, product);
      const price: Json = {
        id: id("price"),
        object: "price",
        active: true,
        currency: "usd",
        lookup_key: lookupKey,
        unit_amount: unitAmount,
        recurring: { interval, interval_count: 1, usage_type: "licensed" },
        product: product.id,
        type: "recurring",
        created: now(),
        livemode: false,
        metadata: {},
        nickname: null,
      };
      prices.set(price.id, price);
      return price;
    },
    /** What Stripe.js does in the browser: the card is saved on the SetupIntent's customer. */
    confirmSetupIntent(setupIntentId: string, card: TestCard): string {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
      const pm: Json = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        card: { ...cards[card], exp_month: 12, exp_year: 2034, country: "US", funding: "credit" },
        customer: intent.customer,
        created: now(),
        livemode: false,
        metadata: {},
      };
      paymentMethods.set(pm.id, pm);
      cardOf.set(pm.id, card);
      intent.status = "succeeded";
      intent.payment_method = pm.id;
      return pm.id;
    },
    /** The next request matching answers this error instead (Stripe's error body). */
    failNext(method: string, path: RegExp, status: number, error: Json) {
      nextFault = { method, path, status, error };
    },
    /** An event as Stripe sends it to a webhook endpoint. */
    event(type: string, object: Json, created = now()): string {
      return JSON.stringify({
        id: id("evt"),
        object: "event",
        api_version: options.apiVersion,
        created,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    /** Requests to one method and path (a string is matched exactly). */
    sent(method: string, path: string | RegExp): StandInRequest[] {
      return requests.filter(
        (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      );
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
