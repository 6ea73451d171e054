import type { VerificationState } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";

type Reason = NonNullable<NonNullable<VerificationState["transaction"]>["reason"]>;

/** Why the vendor (or staff) decided as they did, in the reason's own words. */
export function ReasonNote({ reason }: { reason: Reason | null | undefined }) {
  if (!reason) return null;
  return (
    <div className="rounded-lg bg-canvas p-4">
      <h2 className="text-sm font-semibold text-ink">{sharedMessages.reasonHeading}</h2>
      <p className="mt-1 text-[0.95rem] text-ink" data-reason={reason.code}>
        {reason.text}
      </p>
    </div>
  );
}
