"use client";

import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { Alert } from "@/components/ui/Alert";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { formatCents, formatDate } from "./billing-text";
import { useInvoices } from "./use-billing";

const statuses = {
  paid: { text: billingMessages.invoicePaid, tone: "success" },
  open: { text: billingMessages.invoiceOpen, tone: "warning" },
  failed: { text: billingMessages.invoiceFailed, tone: "danger" },
  void: { text: billingMessages.invoiceVoid, tone: "neutral" },
} as const satisfies Record<string, { text: string; tone: BadgeTone }>;

/** Billing history: every charge, newest first (date, description, amount in USD, status). */
export function BillingHistory() {
  const { invoices, error, mutate } = useInvoices(true);
  if (error && !invoices) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" onClick={() => void mutate()}>
          {commonMessages.tryAgain}
        </Button>
      </div>
    );
  }
  if (!invoices) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">{commonMessages.loading}</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (invoices.length === 0)
    return <p className="text-sm text-ink-muted">{billingMessages.billingHistoryEmpty}</p>;
  return (
    <div data-testid="billing-history">
      {/* Phones: one block per charge (four columns do not fit 360 px). */}
      <ul className="flex flex-col sm:hidden">
        {invoices.map((invoice) => {
          const status = statuses[invoice.status];
          return (
            <li
              key={invoice.id}
              className="flex flex-col gap-1 border-b border-line py-3 first:pt-0 last:border-0"
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="text-sm text-ink-muted">{formatDate(invoice.createdAt)}</span>
                <span className="text-[0.95rem] font-semibold tabular-nums text-ink">
                  {formatCents(invoice.amountCents)}
                </span>
              </div>
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 text-sm text-ink">{invoice.description}</span>
                <Badge tone={status.tone}>{status.text}</Badge>
              </div>
            </li>
          );
        })}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{billingMessages.billingHistoryTitle}</caption>
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {billingMessages.billingHistoryDate}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {billingMessages.billingHistoryDescription}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              {billingMessages.billingHistoryAmount}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {billingMessages.billingHistoryStatus}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const status = statuses[invoice.status];
            return (
              <tr key={invoice.id} className="border-b border-line last:border-0">
                <td className="py-2.5 pr-3 whitespace-nowrap text-ink">{formatDate(invoice.createdAt)}</td>
                <td className="py-2.5 pr-3 text-ink">{invoice.description}</td>
                <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums text-ink">
                  {formatCents(invoice.amountCents)}
                </td>
                <td className="py-2.5">
                  <Badge tone={status.tone}>{status.text}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
