"use client";

import {
  type BillingPeriod,
  type BillingState,
  type CatalogPlan,
  format,
  type PaymentOutcome,
  type PlanActionLabel,
  type PlanCardContext,
  type PlanTier,
  planActionLabel,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { SettingsSection } from "@/features/settings/SettingsSection";
import { VerificationSettings } from "@/features/settings/VerificationSettings";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { actorOf } from "@/lib/actor";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { isActingAsCompany, type SessionUser, useSession } from "@/lib/session";
import { type AddonChange, AddonDialog } from "./AddonDialog";
import { AddonsSection } from "./AddonsSection";
import { BillingHistory } from "./BillingHistory";
import { BillingPlanCards } from "./BillingPlanCards";
import {
  actionOfLabel,
  BILLING_PATH,
  checkoutTarget,
  holdingOf,
  holdingOfSession,
  mayOpenBilling,
  outcomeFactsOf,
  requestedCard,
  viewerOf,
} from "./billing-rules";
import { isFailureOutcome, outcomeText } from "./billing-text";
import { CardSetup } from "./CardSetup";
import { CheckoutDialog, type CheckoutResult } from "./CheckoutDialog";
import { CreatorApplicationDialog } from "./CreatorApplicationDialog";
import { CurrentPlanSection } from "./CurrentPlanSection";
import { DesiredTrialOffer } from "./DesiredTrialOffer";
import { PaymentAuthentication, type PendingAction } from "./PaymentAuthentication";
import { PaymentMethodSection } from "./PaymentMethodSection";
import { PeriodSwitch } from "./PeriodSwitch";
import { useBillingState, useCreatorApplication, usePlansDictionary, useRefreshBilling } from "./use-billing";
import { usePaymentsEvents } from "./use-payments-events";

type Checkout = { target: { tier: PlanTier; period: BillingPeriod }; trial: boolean; key: number };
type Notice = { text: string; tone: "success" | "error" };

function LoadingCard() {
  return (
    <div className="rounded-card bg-surface p-6 shadow-card" aria-busy="true">
      <span className="sr-only">{commonMessages.loading}</span>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-6 w-1/4" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

function PlansLoading() {
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <span className="sr-only">{commonMessages.loading}</span>
      {[0, 1, 2, 3].map((item) => (
        <Skeleton key={item} className="h-72 w-full" />
      ))}
    </div>
  );
}

/** Why an owner who is not verified cannot buy yet, and the way to verify; the cards say "Verify to upgrade". */
function Unverified({ user }: { user: SessionUser }) {
  const gate = useVerificationGate();
  const { dictionary } = usePlansDictionary();
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const company = isActingAsCompany(user);
  const ownerType = user.type.id;
  const context: PlanCardContext = {
    mode: "billing",
    viewer: {
      signedIn: true,
      ownerType,
      verified: false,
      canUseTrial: user.subscription.canUseTrial,
      creatorApplication: null,
    },
    holding: holdingOfSession(user.subscription),
  };
  return (
    <>
      <SettingsSection
        id="verification"
        title={sharedMessages.verificationSummaryTitle}
        description={
          company
            ? format(billingMessages.billingCompanyNeedsVerification, { name: user.name })
            : billingMessages.billingNeedsVerification
        }
      >
        {company ? (
          <Button asChild variant="secondary">
            <Link href={routes.profile(user.slug)}>{sharedMessages.billingCompanyVerify}</Link>
          </Button>
        ) : (
          <VerificationSettings />
        )}
      </SettingsSection>
      <SettingsSection id="plans" title={billingMessages.billingPlansTitle}>
        {dictionary ? (
          <div className="flex flex-col gap-5">
            <PeriodSwitch
              value={period}
              onChange={setPeriod}
              discountPercent={dictionary.yearlyDiscountPercent}
            />
            <BillingPlanCards
              plans={dictionary.plans.filter((plan) => plan.owner === ownerType)}
              period={period}
              context={context}
              trialDays={dictionary.trialDays}
              busy={false}
              onAction={(label, plan) => {
                gate.open("accessRestricted");
                // The wish is kept, so its trial is offered once the owner is verified.
                if (label === "pendingVerification" && plan.trial && user.subscription.canUseTrial) {
                  void api.billing
                    .setDesiredTrial({ body: { plan: plan.tier, period } })
                    .catch(() => undefined);
                }
              }}
            />
          </div>
        ) : (
          <PlansLoading />
        )}
      </SettingsSection>
    </>
  );
}

/** Everything a verified owner manages: plan, plans, card, add-ons and badge, history. */
function Billing({ user }: { user: SessionUser }) {
  const snackbar = useSnackbar();
  const gate = useVerificationGate();
  const router = useRouter();
  const searchParams = useSearchParams();
  const refresh = useRefreshBilling();
  const { state, error, mutate } = useBillingState(true);
  const { dictionary } = usePlansDictionary();
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const [authAction, setAuthAction] = useState<PendingAction | null>(null);
  const [addonChange, setAddonChange] = useState<{ change: AddonChange; name: string; key: number } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [applying, setApplying] = useState(false);
  const openedFromQuery = useRef(false);
  const ownerType = user.type.id;
  // Creator is a person's plan: the application is theirs, never a company's.
  const creator = useCreatorApplication(ownerType === "user");
  const creatorStatus = creator.application?.status ?? null;

  const shownPeriod: BillingPeriod =
    period ?? (state && state.current.plan.slug !== "basic" ? state.billing.period : "monthly");
  const context = useMemo<PlanCardContext | null>(
    () =>
      state
        ? {
            mode: "billing",
            viewer: viewerOf(state, ownerType, true, creatorStatus),
            holding: holdingOf(state),
          }
        : null,
    [state, ownerType, creatorStatus],
  );
  const plans = useMemo(
    () => dictionary?.plans.filter((plan) => plan.owner === ownerType) ?? [],
    [dictionary, ownerType],
  );

  const tell = useCallback((outcome: PaymentOutcome | null, fresh: BillingState) => {
    if (!outcome) return;
    setNotice({
      text: outcomeText(outcome, outcomeFactsOf(outcome, fresh)),
      tone: isFailureOutcome(outcome) ? "error" : "success",
    });
  }, []);

  const act = useCallback(
    async (label: PlanActionLabel, plan: { tier: PlanTier }, cardPeriod: BillingPeriod) => {
      if (!state) return;
      const action = actionOfLabel(label);
      if (action.kind === "checkout") {
        setNotice(null);
        setCheckout({
          target: checkoutTarget(label, { tier: plan.tier, period: cardPeriod }, state),
          trial: action.trial,
          key: Date.now(),
        });
        return;
      }
      if (action.kind === "verify") {
        gate.open("accessRestricted");
        return;
      }
      if (action.kind === "apply") {
        setApplying(true);
        return;
      }
      if (action.kind !== "cancelChanges") return;
      setBusy(true);
      try {
        const { data } = await api.billing.cancelChanges({ params: { id: state.publicId } });
        await refresh(data);
        setNotice({ text: billingMessages.billingChangeCancelled, tone: "success" });
      } catch (failure) {
        snackbar.show(submitErrorMessage(failure), { tone: "error" });
      } finally {
        setBusy(false);
      }
    },
    [state, gate, refresh, snackbar],
  );

  // /settings/billing?plan=premium&period=annual (the home and /companies cards): that card's checkout.
  useEffect(() => {
    if (openedFromQuery.current || !state || !context || plans.length === 0) return;
    openedFromQuery.current = true;
    const requested = requestedCard(searchParams.get("plan"), searchParams.get("period"));
    if (!requested) return;
    setPeriod(requested.period);
    router.replace(BILLING_PATH, { scroll: false });
    const plan = plans.find((item) => item.tier === requested.tier);
    if (!plan) return;
    const label = planActionLabel({ kind: "plan", owner: ownerType, ...requested }, context);
    if (actionOfLabel(label).kind === "checkout") void act(label, plan, requested.period);
  }, [state, context, plans, searchParams, router, ownerType, act]);

  usePaymentsEvents(state !== null, {
    onSubscription: (event) => {
      void refresh().then((fresh) => {
        if (fresh) tell(event.outcome, fresh);
      });
    },
    onChanged: () => void refresh(),
    onActionRequired: (event) => {
      // A checkout or add-on dialog in progress shows its own confirmation step.
      if (!checkout && !addonChange) setAuthAction(event);
    },
  });

  async function finish(result: CheckoutResult) {
    setCheckout(null);
    setAuthAction(null);
    const fresh = (await refresh(result.state)) ?? result.state;
    tell(result.outcome, fresh);
  }

  async function finishAddon(result: CheckoutResult, scheduled: string | null) {
    setAddonChange(null);
    const fresh = (await refresh(result.state)) ?? result.state;
    if (result.outcome) tell(result.outcome, fresh);
    else if (scheduled) setNotice({ text: scheduled, tone: "success" });
  }

  if (error && !state) {
    return (
      <SettingsSection id="plan" title={billingMessages.billingCurrentPlan}>
        <div className="flex flex-col items-start gap-4">
          <Alert>{error instanceof Error ? error.message : billingMessages.billingLoadFailed}</Alert>
          <Button variant="secondary" onClick={() => void mutate()}>
            {commonMessages.tryAgain}
          </Button>
        </div>
      </SettingsSection>
    );
  }
  if (!state || !context) {
    return (
      <>
        <LoadingCard />
        <LoadingCard />
      </>
    );
  }

  const priceOf = (tier: PlanTier, chosen: BillingPeriod) => {
    const plan = dictionary?.plans.find((item) => item.owner === ownerType && item.tier === tier);
    if (!plan) return null;
    return chosen === "annual" ? plan.annualCents : plan.monthlyCents;
  };
  const pendingAction = authAction ?? null;
  const creatorNotes = creatorStatus
    ? {
        creator: {
          pending: billingMessages.creatorPendingNote,
          rejected: billingMessages.creatorRejectedNote,
          congratulation: billingMessages.creatorApprovedNote,
        }[creatorStatus],
      }
    : undefined;

  return (
    <>
      {notice ? (
        <Alert tone={notice.tone} className="text-[0.95rem]">
          <span data-testid="billing-notice">{notice.text}</span>
        </Alert>
      ) : null}
      <DesiredTrialOffer
        dictionary={dictionary}
        ownerType={ownerType}
        busy={busy || checkout !== null}
        onStart={(target) => {
          setNotice(null);
          setCheckout({ target, trial: true, key: Date.now() });
        }}
      />
      <SettingsSection id="plan" title={billingMessages.billingCurrentPlan}>
        <CurrentPlanSection
          state={state}
          priceCents={priceOf(state.current.plan.slug, state.billing.period)}
          busy={busy}
          onCancelChange={() => {
            const next = state.billing.nextChange;
            if (next) void act("cancelDowngrade", { tier: next.plan }, next.period);
          }}
          onUpdateCard={() => setCardOpen(true)}
          onConfirmPending={() => setAuthAction(state.billing.pendingAction)}
          onDismissReminder={() => {
            void api.billing
              .rejectReminder({ params: { id: state.publicId } })
              .then(({ data }) => refresh(data))
              .catch((failure: unknown) => snackbar.show(submitErrorMessage(failure), { tone: "error" }));
          }}
        />
      </SettingsSection>

      <SettingsSection
        id="plans"
        title={
          isActingAsCompany(user)
            ? format(billingMessages.billingPlansCompanyTitle, { name: user.name })
            : billingMessages.billingPlansTitle
        }
      >
        {dictionary ? (
          <div className="flex flex-col gap-5">
            <PeriodSwitch
              value={shownPeriod}
              onChange={setPeriod}
              discountPercent={dictionary.yearlyDiscountPercent}
            />
            <BillingPlanCards
              plans={plans}
              period={shownPeriod}
              context={context}
              trialDays={dictionary.trialDays}
              busy={busy || checkout !== null}
              notes={creatorNotes}
              onAction={(label: PlanActionLabel, plan: CatalogPlan) => void act(label, plan, shownPeriod)}
            />
          </div>
        ) : (
          <PlansLoading />
        )}
      </SettingsSection>

      <SettingsSection id="payment-method" title={billingMessages.billingPaymentMethod}>
        <PaymentMethodSection
          method={state.billing.paymentMethod}
          onAddCard={() => setCardOpen(true)}
          onRemove={async (id) => {
            try {
              await api.billing.deletePaymentMethod({ params: { id } });
              await refresh();
              snackbar.show(billingMessages.billingCardRemoved, { tone: "success" });
            } catch (failure) {
              snackbar.show(submitErrorMessage(failure), { tone: "error" });
            }
          }}
        />
      </SettingsSection>

      <SettingsSection
        id="addons"
        title={`${billingMessages.billingAddonsTitle} · ${billingMessages.billingBadgeTitle}`}
      >
        <AddonsSection
          state={state}
          dictionary={dictionary}
          ownerType={ownerType}
          context={context}
          busy={busy || addonChange !== null}
          onChange={(change, name) => {
            setNotice(null);
            setAddonChange({ change, name, key: Date.now() });
          }}
        />
      </SettingsSection>

      <SettingsSection id="history" title={billingMessages.billingHistoryTitle}>
        <BillingHistory />
      </SettingsSection>

      {checkout ? (
        <CheckoutDialog
          key={checkout.key}
          target={checkout.target}
          trial={checkout.trial}
          state={state}
          dictionary={dictionary}
          ownerType={ownerType}
          onClose={() => setCheckout(null)}
          onCardSaved={async () => {
            await refresh();
          }}
          onFinished={finish}
        />
      ) : null}

      {addonChange ? (
        <AddonDialog
          key={addonChange.key}
          change={addonChange.change}
          name={addonChange.name}
          state={state}
          onClose={() => setAddonChange(null)}
          onFinished={finishAddon}
        />
      ) : null}

      {applying ? (
        <CreatorApplicationDialog
          application={creator.application}
          onClose={() => setApplying(false)}
          onSent={async (application, text) => {
            await creator.mutate({ data: application }, { revalidate: false });
            setApplying(false);
            setNotice({ text, tone: "success" });
          }}
        />
      ) : null}

      <Dialog open={cardOpen} onOpenChange={setCardOpen} title={billingMessages.cardFormTitle}>
        {cardOpen ? (
          <CardSetup
            onSaved={async () => {
              await refresh();
              setCardOpen(false);
              snackbar.show(billingMessages.billingCardSaved, { tone: "success" });
            }}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={pendingAction !== null}
        onOpenChange={(open) => {
          if (!open) setAuthAction(null);
        }}
        title={billingMessages.authTitle}
      >
        {pendingAction ? (
          <PaymentAuthentication action={pendingAction} provider={state.billing.provider} onDone={finish} />
        ) : null}
      </Dialog>
    </>
  );
}

/** /settings/billing: signed in only (as /settings); buying needs a verified owner. */
export function BillingView() {
  const { user, isLoading } = useSession();
  const allowed = mayOpenBilling(actorOf(user));
  return (
    <div className="mx-auto flex w-full max-w-[1128px] flex-col gap-6 px-4 py-6 sm:py-8">
      <div className="min-w-0">
        <Link
          href={routes.settings}
          className="inline-flex min-h-10 items-center gap-1 text-sm font-semibold text-ink-muted hover:text-ink"
        >
          <Icon name="arrowLeft" size={18} />
          {sharedMessages.settingsTitle}
        </Link>
        <h1 className="text-[1.75rem] leading-tight font-semibold text-ink">
          {billingMessages.billingTitle}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">{billingMessages.billingSubtitle}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        {isLoading || !user ? (
          <>
            <LoadingCard />
            <LoadingCard />
          </>
        ) : !allowed ? (
          <Alert tone="info">{billingMessages.billingNotAllowed}</Alert>
        ) : user.verificationStatus !== "verified" ? (
          <Unverified user={user} />
        ) : (
          <Billing user={user} />
        )}
      </div>
    </div>
  );
}
