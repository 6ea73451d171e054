"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";

/** A page failed to render: say so plainly and offer a retry (the header and footer stay). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-5 inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon name="alert" size={28} />
      </span>
      <h1 className="text-2xl font-semibold text-ink">{commonMessages.somethingWentWrong}</h1>
      <div className="mt-6 flex gap-3">
        <Button onClick={reset}>{commonMessages.tryAgain}</Button>
        <Button asChild variant="secondary">
          <a href="/">{commonMessages.notFoundAction}</a>
        </Button>
      </div>
    </div>
  );
}
