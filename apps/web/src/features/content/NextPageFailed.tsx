import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Button } from "@/components/ui/Button";
import { cn } from "@/lib/cn";

/**
 * §8 "Looks like we could not load next page." with a retry, at the foot of an infinite list.
 * `frame` is its box: a card of its own by default; a list already inside a card passes padding only.
 */
export function NextPageFailed({
  onRetry,
  frame = "rounded-card bg-surface p-6 shadow-card",
}: {
  onRetry: () => void;
  frame?: string;
}) {
  return (
    <div role="alert" className={cn("flex flex-col items-center gap-3 text-center", frame)}>
      <p className="text-ink">{sharedMessages.nextPageFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {commonMessages.tryAgain}
      </Button>
    </div>
  );
}
