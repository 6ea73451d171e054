import { billingMessages } from "@vn/contract/messages/billing";
import type { Metadata } from "next";
import { Suspense } from "react";
import { BillingView } from "@/features/billing/BillingView";

export const metadata: Metadata = { title: billingMessages.billingTitle, robots: { index: false } };

export default function BillingPage() {
  // The view reads ?plan=&period= (a plan card's checkout), which needs a Suspense boundary.
  return (
    <Suspense>
      <BillingView />
    </Suspense>
  );
}
