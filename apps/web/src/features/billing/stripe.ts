import { loadStripe, type Stripe } from "@stripe/stripe-js";

/** One Stripe.js per publishable key for the page's life (loadStripe must not run per render). */
const loaded = new Map<string, Promise<Stripe | null>>();

export function stripeOf(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
