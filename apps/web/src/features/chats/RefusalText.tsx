"use client";

import { sharedMessages } from "@vn/contract/messages/shared";
import { Link } from "@/components/ui/Link";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";

/** Where a plan refusal leads (the plans of the acting owner). */
const BILLING_PATH = "/settings/billing";

/**
 * A refused messenger call in words: the API's own message (chat_unavailable is the spec's
 * "Chat with this user is not available."), and for a plan without the messenger the way to
 * upgrade. Unverified refusals open the verification popup instead (the caller asks the gate).
 */
export function RefusalText({ error }: { error: unknown }) {
  const planRefusal = error instanceof ApiError && error.code === "account_accessForbiddenByPlan";
  return (
    <span>
      {submitErrorMessage(error)}
      {planRefusal ? (
        <>
          {" "}
          <Link href={BILLING_PATH} className="font-semibold underline">
            {sharedMessages.upgradePlan}
          </Link>
        </>
      ) : null}
    </span>
  );
}
