"use client";

import { format, messages } from "@vn/contract";
import useSWR from "swr";
import { Alert } from "@/components/ui/Alert";
import { Avatar } from "@/components/ui/Avatar";
import { ApiError } from "@/lib/api-error";

interface InviteLookup {
  status: string;
  inviter: { name: string; image: { urls: { preview: string } } | null };
}

/** Who invited the visitor (GET /user-invites?code=…), or why the invitation no longer works (§8). */
export function InviteBanner({ code }: { code: string }) {
  const { data, error } = useSWR<InviteLookup>(
    `/v1/user-invites?${new URLSearchParams({ code }).toString()}`,
    {
      shouldRetryOnError: false,
      revalidateOnFocus: false,
    },
  );
  if (error) {
    const text =
      error instanceof ApiError && error.status === 409
        ? messages.invitationUnavailable
        : error instanceof ApiError && (error.status === 404 || error.status === 403)
          ? error.message
          : messages.invitationInvalid;
    return <Alert>{text}</Alert>;
  }
  if (!data) return null;
  if (data.status !== "pending") return <Alert>{messages.invitationUnavailable}</Alert>;
  return (
    <div className="flex items-center gap-3 rounded-lg bg-brand-soft px-3.5 py-3 text-sm font-medium text-brand-strong">
      <Avatar name={data.inviter.name} src={data.inviter.image?.urls.preview} size="sm" />
      <p>{format(messages.invitedBy, { name: data.inviter.name })}</p>
    </div>
  );
}
