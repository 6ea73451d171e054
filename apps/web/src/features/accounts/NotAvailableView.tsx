"use client";

import { EMAIL_MAX, SUPPORT_EMAIL } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";

/** /not-available?email=… (spec §2, §8 account_unavailable): the account is blocked or unavailable. */
export function NotAvailableView() {
  const email = (useSearchParams().get("email") ?? "").trim().slice(0, EMAIL_MAX);
  const [before = "", after = ""] = accountsMessages.notAvailableContact.split("{email}");
  return (
    <div className="rounded-card bg-surface p-6 text-center shadow-card sm:p-10">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon name="lock" size={30} />
      </span>
      <h1 className="mt-5 text-2xl font-semibold text-balance text-ink sm:text-[1.75rem]">
        {accountsMessages.notAvailableTitle}
      </h1>
      {email ? <p className="mt-2 text-[0.95rem] font-semibold break-all text-ink">{email}</p> : null}
      <p className="mt-3 text-pretty text-ink-muted">{accountsMessages.accountDeletedOrBlocked}</p>
      <p className="mt-3 text-sm text-pretty text-ink-muted">
        {before}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>
        {after}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="secondary">
          <Link href={routes.trustCenter}>Trust Center</Link>
        </Button>
        <Button asChild>
          <Link href={routes.login}>{accountsMessages.backToSignIn}</Link>
        </Button>
      </div>
    </div>
  );
}
