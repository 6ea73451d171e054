"use client";

import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";

export interface RecordListProps {
  loadingFirst: boolean;
  loadingMore: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  hasMore: boolean;
  onMore: () => void;
  onRetry: () => void;
  children: ReactNode;
}

/** A back-office list's states: first load, empty, failure with retry (§8), and "load more". */
export function RecordList({
  loadingFirst,
  loadingMore,
  error,
  empty,
  emptyText,
  hasMore,
  onMore,
  onRetry,
  children,
}: RecordListProps) {
  if (loadingFirst) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {empty && !error ? <p className="py-6 text-center text-ink-muted">{emptyText}</p> : children}
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {sharedMessages.nextPageFailed}
          <Button variant="secondary" onClick={onRetry}>
            {commonMessages.tryAgain}
          </Button>
        </div>
      ) : hasMore ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onMore} disabled={loadingMore}>
            {backofficeMessages.backofficeLoadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
