"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { CompanyScreen } from "@/features/verification/CompanyScreen";
import { StepCard, StepSkeleton } from "@/features/verification/StepCard";
import { actorOf } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { KybStartView } from "./KybStartView";
import { KybStatusView } from "./KybStatusView";
import { type KybCompany, KybWizard } from "./KybWizard";
import { kybViewOf, mayVerifyCompany } from "./kyb-rules";
import { useKybLatest, useKybLive } from "./use-kyb";

/** The acting company's verification: its latest transaction, live, shown by the view it names. */
function CompanyVerification({ company, verified }: { company: KybCompany; verified: boolean }) {
  useKybLive(company.id);
  const { transaction, data, error, mutate } = useKybLatest(company.id);
  const session = useSession();

  // The registry decided (seen by the poll, or the event came first): the session carries the
  // company's status that opens its gates and shows its badge, so it is read again.
  const accepted = transaction?.status === "accepted";
  const reloadSession = session.mutate;
  useEffect(() => {
    if (accepted && !verified) void reloadSession();
  }, [accepted, verified, reloadSession]);

  if (data === undefined) {
    if (!error) return <StepSkeleton label={commonMessages.loading} />;
    return (
      <StepCard icon="alert" tone="danger" title={sharedMessages.companyVerificationTitle}>
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" className="self-start" onClick={() => void mutate()}>
          {commonMessages.tryAgain}
        </Button>
      </StepCard>
    );
  }
  const view = kybViewOf(transaction, verified ? "verified" : "not_verified");
  if (view === "start") return <KybStartView company={company} />;
  if (view === "draft" && transaction)
    return <KybWizard key={transaction.id} transaction={transaction} company={company} />;
  if (view === "draft") return null;
  return <KybStatusView view={view} transaction={transaction} company={company} />;
}

/**
 * /verification/company. Acting as a company one may verify (its owners: `company.verify`), the
 * business verification itself: start, the wizard, then its status. Anyone else gets the
 * hand-over: their companies, each a switch away from its verification. Visitors sign in first.
 */
export function KybScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const { user, isLoading } = useSession();

  useEffect(() => {
    if (!isLoading && !user) router.replace(routes.loginThenBack(pathname));
  }, [isLoading, user, router, pathname]);

  if (!user) return <StepSkeleton label={commonMessages.loading} />;
  if (!mayVerifyCompany(actorOf(user))) return <CompanyScreen />;
  return (
    <CompanyVerification
      key={user.id}
      company={{ id: user.id, name: user.name, slug: user.slug }}
      verified={user.verificationStatus === "verified"}
    />
  );
}
