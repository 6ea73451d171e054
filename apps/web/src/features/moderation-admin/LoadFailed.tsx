import { messages } from "@vn/contract";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";

/** A list or subject that could not be loaded, with a way to ask again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{messages.adminLoadFailed}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {messages.adminRetry}
      </Button>
    </div>
  );
}
