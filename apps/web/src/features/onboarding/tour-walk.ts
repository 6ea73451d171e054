/**
 * The walk of the guided onboarding tour (OnboardingTour.tsx decides when it runs): loaded with
 * import() when a tour starts, so its copy and steps are not in every page's first load.
 */
import {
  format,
  ONBOARDING_QUERY_PARAM,
  type OnboardingTarget,
  onboardingLayoutFor,
  onboardingOrder,
  onboardingStepPage,
} from "@vn/contract";
import { onboardingMessages } from "@vn/contract/messages/onboarding";
import type { useRouter } from "next/navigation";
import { api } from "@/lib/api-client";
import { isUnder, routes } from "@/lib/paths";
import { holdAccountMenu } from "./tour-menu";
import type { TourDriver } from "./tour-runner";

const copy: Record<OnboardingTarget, { title: string; body: string }> = {
  "profile-photo": {
    title: onboardingMessages.tourProfilePhotoTitle,
    body: onboardingMessages.tourProfilePhotoBody,
  },
  home: { title: onboardingMessages.tourHomeTitle, body: onboardingMessages.tourHomeBody },
  connections: {
    title: onboardingMessages.tourConnectionsTitle,
    body: onboardingMessages.tourConnectionsBody,
  },
  media: { title: onboardingMessages.tourMediaTitle, body: onboardingMessages.tourMediaBody },
  feed: { title: onboardingMessages.tourFeedTitle, body: onboardingMessages.tourFeedBody },
  connect: { title: onboardingMessages.tourConnectTitle, body: onboardingMessages.tourConnectBody },
  setting: { title: onboardingMessages.tourSettingTitle, body: onboardingMessages.tourSettingBody },
  billing: { title: onboardingMessages.tourBillingTitle, body: onboardingMessages.tourBillingBody },
  "add-business": {
    title: onboardingMessages.tourAddBusinessTitle,
    body: onboardingMessages.tourAddBusinessBody,
  },
  feedback: { title: onboardingMessages.tourFeedbackTitle, body: onboardingMessages.tourFeedbackBody },
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

export interface TourWalk {
  slug: string;
  /** The page the walk starts on (normalized). */
  pathname: string;
  router: ReturnType<typeof useRouter>;
  /** Reloads the session (its onboarding flag). */
  mutate: () => Promise<unknown>;
}

/** Walks the steps left from this page; the function returned stops the walk. */
export function startTour({ slug, pathname, router, mutate }: TourWalk): () => void {
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
        progress: format(onboardingMessages.tourProgress, { current: order.indexOf(step) + 1, total }),
        nextLabel: last ? onboardingMessages.tourFinish : onboardingMessages.tourNext,
        skipLabel: onboardingMessages.tourSkip,
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
}
