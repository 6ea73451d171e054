import { Icon } from "@/components/ui/Icon";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import type { FeedbackTone } from "./email-check";

/** A live check's non-error answer under a field: pending (spinner) or success (check mark). */
export function FieldFeedback({ tone, text }: { tone: Exclude<FeedbackTone, "error">; text: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5",
        tone === "success" ? "text-success" : "text-ink-muted",
      )}
    >
      {tone === "pending" ? <Spinner className="size-3.5" /> : <Icon name="checkCircle" size={16} />}
      {text}
    </span>
  );
}
