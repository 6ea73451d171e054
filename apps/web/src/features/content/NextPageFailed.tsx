import { messages } from "@vn/contract";
import { Button } from "@/components/ui/Button";

/** §8 "Looks like we could not load next page." with a retry, at the foot of an infinite list. */
export function NextPageFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card bg-surface p-6 text-center shadow-card"
    >
      <p className="text-ink">{messages.nextPageFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {messages.tryAgain}
      </Button>
    </div>
  );
}
