"use client";

import {
  format,
  ONBOARDING_QUERY_PARAM,
  type OnboardingTarget,
  onboardingLayoutFor,
  onboardingOrder,
  onboardingStepPage,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { isUnder, normalizePath, routes } from "@/lib/paths";
import { isActingAsCompany, useSession } from "@/lib/session";
import { holdAccountMenu } from "./tour-menu";
import type { TourDriver } from "./tour-runner";

/**
 * The guided onboarding tour (spec §1, §2 "Onboarding", §4 "Onboarding tour", §6; issue 18).
 *
 * It runs for an active person acting as themselves whose tour has steps left (the Session user's
 * hasUnfinishedOnboarding), on their own pages: started by ?media-onboarding=true (where the
 * onboarding redirect sends them) or by their home (where sign-in lands). Steps follow the
 * contract's order for the width (mobile ≤ 1023 px, desktop); a step whose target is on another
 * page goes there first (the tour paths: media → /{slug}/feed → /{slug}/connect, and on desktop
 * connections → /{slug}/media); a target not on the page at this width is passed over. Each step
 * is posted as passed without waiting (optimistic); closing or the last step posts finish, closes
 * the account menu it may have opened, and drops the query parameter.
 */

const copy: Record<OnboardingTarget, { title: string; body: string }> = {
  "profile-photo": { title: commonMessages.tourProfilePhotoTitle, body: commonMessages.tourProfilePhotoBody },
  home: { title: commonMessages.tourHomeTitle, body: commonMessages.tourHomeBody },
  connections: { title: commonMessages.tourConnectionsTitle, body: commonMessages.tourConnectionsBody },
  media: { title: commonMessages.tourMediaTitle, body: commonMessages.tourMediaBody },
  feed: { title: commonMessages.tourFeedTitle, body: commonMessages.tourFeedBody },
  connect: { title: commonMessages.tourConnectTitle, body: commonMessages.tourConnectBody },
  setting: { title: commonMessages.tourSettingTitle, body: commonMessages.tourSettingBody },
  billing: { title: commonMessages.tourBillingTitle, body: commonMessages.tourBillingBody },
  "add-business": { title: commonMessages.tourAddBusinessTitle, body: commonMessages.tourAddBusinessBody },
  feedback: { title: commonMessages.tourFeedbackTitle, body: commonMessages.tourFeedbackBody },
};

/** Targets inside the header's account menu: the tour opens it to show them. */
const IN_ACCOUNT_MENU = new Set<OnboardingTarget>(["setting", "billing", "add-business", "feedback"]);

/** How long a target may take to appear (a menu opening, a client-rendered section). */
const TARGET_WAIT_MS = 1500;

/**
 * Steps passed in this tab, kept across the tour's page changes: the POSTs are not awaited, so
 * the next page must not ask the server and show a step again.
 */
const passedHere = new Set<OnboardingTarget>();

function isShown(element: Element): boolean {
  if (!(element instanceof HTMLElement)) return element.getClientRects().length > 0;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
}

async function waitForTarget(step: OnboardingTarget, isCancelled: () => boolean): Promise<Element | null> {
  const started = Date.now();
  while (!isCancelled()) {
    const found = Array.from(document.querySelectorAll(`[data-tour="${step}"]`)).find(isShown);
    if (found) return found;
    if (Date.now() - started > TARGET_WAIT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** True when `pathname` is where the step's target lives (the profile card: any tab of one's page). */
function isOnPage(step: OnboardingTarget, page: string, pathname: string, slug: string): boolean {
  if (step === "profile-photo" || step === "connections") {
    return isUnder(pathname, page) && !isUnder(pathname, `${routes.profile(slug)}/network`);
  }
  return pathname === page;
}

/** Step POSTs still on their way: finishing waits for them, so every step passed is stored first. */
const pendingPasses = new Set<Promise<unknown>>();

function pass(step: OnboardingTarget): void {
  passedHere.add(step);
  // Optimistic: the tour moves on at once; a failed POST only means the step shows again later.
  const sent = api.onboarding.passStep({ params: { stepId: step } }).catch(() => undefined);
  pendingPasses.add(sent);
  void sent.finally(() => pendingPasses.delete(sent));
}

export function OnboardingTour() {
  const { user, mutate } = useSession();
  const pathname = normalizePath(usePathname());
  const searchParams = useSearchParams();
  const router = useRouter();

  const slug = user?.slug ?? null;
  const eligible =
    user !== null && user.status.id === "active" && !isActingAsCompany(user) && user.hasUnfinishedOnboarding;
  const requested = searchParams.get(ONBOARDING_QUERY_PARAM) === "true";
  const onOwnPages = slug !== null && isUnder(pathname, routes.profile(slug));
  const onHome = slug !== null && pathname === routes.userHome(slug);
  const run = eligible && onOwnPages && (requested || onHome);

  useEffect(() => {
    if (!run || !slug) return;
    let cancelled = false;
    let tour: TourDriver | null = null;
    const isCancelled = () => cancelled;

    const finish = async () => {
      tour?.destroy();
      tour = null;
      holdAccountMenu(false);
      // The last step's POST (sent as its button was pressed) lands before the tour is finished.
      await Promise.all(pendingPasses);
      await api.onboarding.finish().catch(() => undefined);
      passedHere.clear();
      // The tour is over: the page stays, without the parameter that started it; the session's
      // flag goes (no onboarding redirect any more).
      router.replace(pathname);
      await mutate();
    };

    const walk = async () => {
      const [{ createTourDriver }, answer] = await Promise.all([
        import("./tour-runner"),
        api.onboarding.steps().catch(() => null),
      ]);
      if (cancelled) return;
      const state = answer?.data;
      if (!state) return;
      if (state.isFinished) {
        // Finished elsewhere (another tab): the session's flag is stale.
        await mutate();
        return;
      }
      const passed = new Set<OnboardingTarget>([
        ...state.steps.filter((step) => step.isPassed).map((step) => step.id),
        ...passedHere,
      ]);
      const order = onboardingOrder(onboardingLayoutFor(window.innerWidth));
      const total = order.length;
      for (const step of order) {
        if (cancelled) return;
        if (passed.has(step)) continue;
        const page = onboardingStepPage(step, slug);
        if (page && !isOnPage(step, page, pathname, slug)) {
          // The tour path: go where the target is; the tour goes on there.
          tour?.destroy();
          holdAccountMenu(false);
          router.push(`${page}?${ONBOARDING_QUERY_PARAM}=true`);
          return;
        }
        holdAccountMenu(IN_ACCOUNT_MENU.has(step));
        const element = await waitForTarget(step, isCancelled);
        if (cancelled) return;
        if (!element) {
          // Not on this page at this width (e.g. the connect tab without the messenger feature).
          passed.add(step);
          pass(step);
          continue;
        }
        tour ??= createTourDriver();
        const last = order.slice(order.indexOf(step) + 1).every((next) => passed.has(next));
        const choice = await tour.show({
          element,
          title: copy[step].title,
          description: copy[step].body,
          progress: format(commonMessages.tourProgress, { current: order.indexOf(step) + 1, total }),
          nextLabel: last ? commonMessages.tourFinish : commonMessages.tourNext,
          skipLabel: commonMessages.tourSkip,
        });
        if (cancelled) return;
        passed.add(step);
        if (choice === "close") {
          await finish();
          return;
        }
        pass(step);
      }
      await finish();
    };
    void walk();

    return () => {
      cancelled = true;
      tour?.destroy();
      holdAccountMenu(false);
    };
  }, [run, slug, pathname, mutate, router]);

  return null;
}
