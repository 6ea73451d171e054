"use client";

import { format } from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import { commonMessages } from "@vn/contract/messages/common";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";

/** A back-office page's heading and what it is for. */
export function AdminHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {intro ? <p className="max-w-2xl text-ink-muted">{intro}</p> : null}
    </header>
  );
}

/** The list is on its way: placeholders, announced once. */
export function QueueLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {commonMessages.loading}
      </span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex flex-col gap-2 rounded-lg bg-surface p-4 shadow-card">
          <Skeleton shape="text" className="w-1/3" />
          <Skeleton shape="text" className="w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** A list or a subject could not be read: say so, and offer to read it again. */
export function QueueError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{adminMessages.adminLoadFailed}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {adminMessages.adminRetry}
      </Button>
    </div>
  );
}

/** Nothing waits. */
export function QueueEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-surface px-4 py-8 text-center text-ink-muted shadow-card">{children}</p>;
}

/** A labelled fact of an item under review. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

/** What QueueBody reads of a queue's useResource answer. */
export interface QueueResource<Item> {
  data?: { data: Item[] } | undefined;
  error?: unknown;
  mutate: () => unknown;
}

/**
 * A queue's body in each of its states: could not load (with a retry), loading, empty, or how
 * many wait and the items themselves.
 */
export function QueueBody<Item>({
  queue,
  empty,
  children,
}: {
  queue: QueueResource<Item>;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const items = queue.data?.data;
  if (queue.error && !items) return <QueueError onRetry={() => void queue.mutate()} />;
  if (!items) return <QueueLoading />;
  if (items.length === 0) return <QueueEmpty>{empty}</QueueEmpty>;
  return (
    <>
      <p className="text-sm text-ink-muted" role="status">
        {format(adminMessages.adminQueueCount, { count: items.length })}
      </p>
      {children(items)}
    </>
  );
}
