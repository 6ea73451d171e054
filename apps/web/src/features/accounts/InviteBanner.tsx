"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { useResource } from "@/lib/use-resource";

/** Who invited the visitor (`api.accounts.invites` by code), or why the invitation no longer works (§8). */
export function InviteBanner({ code }: { code: string }) {
  const result = useResource(
    api.accounts.invites,
    { query: { code } },
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  const { error } = result;
  // Asked by code, the answer is the one invitation (not the inviter's list).
  const answer = result.data?.data;
  const data = answer && !Array.isArray(answer) ? answer : undefined;
  if (error) {
    const text =
      error instanceof ApiError && error.status === 409
        ? commonMessages.invitationUnavailable
        : error instanceof ApiError && (error.status === 404 || error.status === 403)
          ? error.message
          : commonMessages.invitationInvalid;
    return <Alert>{text}</Alert>;
  }
  if (!data) return null;
  if (data.status !== "pending") return <Alert>{commonMessages.invitationUnavailable}</Alert>;
  return (
    <div className="flex items-center gap-3 rounded-lg bg-brand-soft px-3.5 py-3 text-sm font-medium text-brand-strong">
      <Avatar name={data.inviter.name} src={data.inviter.image?.urls.preview} size="sm" />
      <p>{format(commonMessages.invitedBy, { name: data.inviter.name })}</p>
    </div>
  );
}
