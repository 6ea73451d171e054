import { format, type TeamInvite } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";

/** A director's confirmation went through: said so, with the way to the company's page. */
export function OfficerConfirmed({ invite }: { invite: TeamInvite }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">{format(kybMessages.kybOfficerAccepted, { company: invite.company.name })}</Alert>
      <Button asChild variant="secondary" className="self-start">
        <Link href={routes.profile(invite.company.slug)}>
          {format(sharedMessages.companyVerificationOpen, { name: invite.company.name })}
        </Link>
      </Button>
    </div>
  );
}
