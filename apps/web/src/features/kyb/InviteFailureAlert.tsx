import { sharedMessages } from "@vn/contract/messages/shared";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import type { InviteFailure } from "./invite-errors";

/** A failed answer to a company invitation, with the way to identity verification when that is what is missing. */
export function InviteFailureAlert({ failure, className }: { failure: InviteFailure; className?: string }) {
  return (
    <div className={className}>
      <Alert>{failure.message}</Alert>
      {failure.verifyFirst ? (
        <Button asChild className="mt-4">
          <Link href={routes.verification}>{sharedMessages.verifyNow}</Link>
        </Button>
      ) : null}
    </div>
  );
}
