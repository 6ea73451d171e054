"use client";

import { format } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/paths";
import { type SessionUser, useSession } from "@/lib/session";
import { stepNumber, type WizardStepId, wizardSteps } from "./wizard";

function Stepper({ current }: { current: WizardStepId }) {
  const position = stepNumber(current);
  return (
    <nav aria-label={accountsMessages.wizardStepsLabel} className="w-full">
      <p className="mb-2 text-sm font-semibold text-ink-muted sm:sr-only">
        {format(sharedMessages.wizardStepOf, { current: position, total: wizardSteps.length })}
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {wizardSteps.map((step, index) => {
          const done = index + 1 < position;
          const active = index + 1 === position;
          return (
            <li key={step.id} aria-current={active ? "step" : undefined} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className={cn("h-1.5 rounded-full", done || active ? "bg-brand" : "bg-black/[0.08]")}
              />
              <span
                className={cn(
                  "flex items-center gap-1.5 text-xs font-semibold sm:text-sm",
                  active ? "text-ink" : done ? "text-brand" : "text-ink-muted",
                )}
              >
                {done ? <Icon name="checkCircle" size={16} className="shrink-0 max-sm:hidden" /> : null}
                <span className={cn(!active && "max-sm:sr-only")}>{step.label}</span>
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export interface WizardFrameProps {
  step?: WizardStepId;
  title: string;
  subtitle?: string;
  /** Wider content (the plan overview). */
  wide?: boolean;
  /** Rendered once the session is known and someone is signed in. */
  children: (user: SessionUser) => ReactNode;
}

/**
 * The frame of every create-profile page: the step indicator, a heading, and the step's content.
 * It waits for the session; a visitor is asked to sign in or join (the wizard needs an account).
 */
export function WizardFrame({ step, title, subtitle, wide = false, children }: WizardFrameProps) {
  const { user, isLoading } = useSession();
  const pathname = usePathname();
  const loginHref = `${routes.login}?${new URLSearchParams({ redirect: pathname }).toString()}`;

  return (
    <div
      className={cn(
        "mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:py-12",
        wide ? "max-w-[1128px]" : "max-w-[640px]",
      )}
    >
      {step ? (
        <div className={cn(wide && "mx-auto w-full max-w-[640px]")}>
          <Stepper current={step} />
        </div>
      ) : null}
      <div className={cn(wide ? "text-center" : "")}>
        <h1 className="text-[1.75rem] leading-tight font-semibold text-balance text-ink sm:text-[2rem]">
          {title}
        </h1>
        {subtitle ? (
          <p className={cn("mt-2 text-[0.95rem] text-pretty text-ink-muted", wide && "mx-auto max-w-2xl")}>
            {subtitle}
          </p>
        ) : null}
      </div>
      {isLoading ? (
        <div className="rounded-card bg-surface p-6 shadow-card" aria-busy="true">
          <span className="sr-only">{commonMessages.loading}</span>
          <div className="flex flex-col gap-4">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-2/3" />
          </div>
        </div>
      ) : user ? (
        children(user)
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-card bg-surface p-6 text-center shadow-card sm:p-8">
          <p className="text-ink">{accountsMessages.signInToContinue}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="secondary">
              <Link href={loginHref}>{commonMessages.signIn}</Link>
            </Button>
            <Button asChild>
              <Link href={`${routes.login}?mode=signup&intent=create-profile`}>{commonMessages.joinNow}</Link>
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
