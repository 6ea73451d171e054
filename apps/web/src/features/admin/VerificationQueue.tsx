"use client";

import type { StaffRole } from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { formatDateTime } from "@/features/content/kinds";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";
import { AdminHeading, QueueBody } from "./QueueStates";
import { itemId, kindLabel, waitingSince } from "./verification-items";

/** The SWR key of the queue (the list and the detail share it). */
export const useVerificationQueue = () => useResource(api.verification.staffQueue, {});

/**
 * /admin/verifications: identity verifications waiting for a person, oldest first. Admins see
 * manual reviews and appeals; moderators only the appeals they decide (the API leaves the rest out).
 */
export function VerificationQueue({ role }: { role: StaffRole }) {
  const queue = useVerificationQueue();
  return (
    <>
      <AdminHeading
        title={adminMessages.adminVerificationsTitle}
        intro={
          role === "admin"
            ? adminMessages.adminVerificationsIntro
            : adminMessages.adminVerificationsModeratorIntro
        }
      />
      <QueueBody queue={queue} empty={adminMessages.adminVerificationsEmpty}>
        {(items) => (
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={itemId(item)}>
                <Link
                  href={`/admin/verifications/${encodeURIComponent(itemId(item))}`}
                  className="flex flex-col gap-1 rounded-lg bg-surface p-4 shadow-card outline-none hover:bg-black/[0.02] focus-visible:outline-2 focus-visible:outline-brand sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold text-ink">{item.person.name}</span>
                    <span className="truncate text-sm text-ink-muted">{item.person.email}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                    <Badge tone={item.kind === "appeal" ? "warning" : "brand"}>{kindLabel(item)}</Badge>
                    <span>{item.transaction.country}</span>
                    <time dateTime={waitingSince(item)}>{formatDateTime(waitingSince(item))}</time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueueBody>
    </>
  );
}
