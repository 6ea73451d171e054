"use client";

import { chatsMessages } from "@vn/contract/messages/chats";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { useResource } from "@/lib/use-resource";

/**
 * The connect tab's "Message" (issue 15): asks GET /chats/access/:slug whether the acting profile
 * may write to this one; if so, a link to /chats?with={slug} (which opens or starts the direct
 * conversation), else the reason — "Chat with this user is not available." for the other side's
 * refusals, the verification popup for an unverified viewer, the upgrade link for a plan without it.
 */
export function ConnectAction({ slug }: { slug: string }) {
  const gate = useVerificationGate();
  const access = useResource(api.chats.access, { params: { slug } });
  const answer = access.data?.data;
  if (!answer && !access.error) {
    return (
      <span
        aria-busy="true"
        className="mt-4 inline-block h-10 w-28 animate-pulse rounded-full bg-black/[0.06]"
      />
    );
  }
  const href = `${routes.chats}?with=${encodeURIComponent(slug)}`;
  if (answer?.allowed) {
    return (
      <Button asChild className="mt-4">
        <Link href={href}>{sharedMessages.chatsMessageAction}</Link>
      </Button>
    );
  }
  if (answer?.code === "user_notVerified") {
    return (
      <Button className="mt-4" onClick={() => gate.allows("messenger.use")}>
        {sharedMessages.chatsMessageAction}
      </Button>
    );
  }
  if (answer?.code === "account_accessForbiddenByPlan") {
    return (
      <p role="status" className="mt-4 text-sm text-ink-muted">
        {chatsMessages.accessForbiddenByPlan}{" "}
        <Link href="/settings/billing" className="font-semibold text-brand underline">
          {sharedMessages.upgradePlan}
        </Link>
      </p>
    );
  }
  return (
    <p role="status" data-testid="chat-unavailable" className="mt-4 text-sm text-ink-muted">
      {chatsMessages.chatUnavailable}
    </p>
  );
}
