/**
 * The signed-in session as the web sees it: the Session user of `api.accounts.me` (GET
 * /api/v1/users/me; spec §7: refreshed on focus, reconnect and mount). A 401 means "visitor"; so
 * does a failed request (the API may be down and public pages must still work), while SWR keeps
 * retrying in the background.
 *
 * The Session user is the contract's (sessionUserSchema). Account-level fields (id, type, name,
 * slug, image, verification) describe the acting account: the person, or the company they switched
 * to. Person-level fields (email, status, wizard flags, countCompanyProfiles) always describe the
 * signed-in person, and `authBy` is the person's own profile, with authAsCompanyOwner true while
 * they act for a company.
 */
import type { SessionUser } from "@vn/contract";
import useSWR from "swr";
import type { AccessSession } from "./access-rules";
import { api } from "./api-client";
import { ApiError } from "./api-error";

export type { SessionUser };

/** The SWR key of the Session user (what `useSession` reads and screens `mutate`). */
export const SESSION_KEY = api.accounts.me.path();

/** The person behind the session, whichever account they act as. */
export function personOf(user: SessionUser): { slug: string; name: string; image: string | null } {
  const own = user.authBy;
  return {
    slug: own.slug,
    name: own.name,
    image: own.image?.urls.preview ?? (isActingAsCompany(user) ? null : (user.image?.urls.preview ?? null)),
  };
}

export interface OnboardingSteps {
  isFinished: boolean;
  steps: { id: string; isPassed: boolean }[];
}

export function isActingAsCompany(user: SessionUser): boolean {
  return user.type.id === "company" || user.authBy.authAsCompanyOwner;
}

export function hasUnfinishedOnboarding(steps: OnboardingSteps | null | undefined): boolean {
  if (!steps) return false;
  return !steps.isFinished && steps.steps.some((step) => !step.isPassed);
}

/** The facts the access rules need, from the session user and the tour's steps. */
export function toAccessSession(user: SessionUser | null, steps?: OnboardingSteps | null): AccessSession {
  if (!user) return { authenticated: false };
  return {
    authenticated: true,
    status: user.status.id,
    slug: user.slug,
    isCompany: isActingAsCompany(user),
    // The Session user carries the flag (issue 18), so no page asks GET tooltips/steps for it.
    hasUnfinishedOnboarding: steps ? hasUnfinishedOnboarding(steps) : user.hasUnfinishedOnboarding === true,
  };
}

export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return (await api.accounts.me()).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export interface SessionState {
  user: SessionUser | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
  authenticated: boolean;
  mutate: () => Promise<unknown>;
}

export function useSession(): SessionState {
  const { data, error, isLoading, mutate } = useSWR(SESSION_KEY, fetchSessionUser, {
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    revalidateOnMount: true,
  });
  const user = error ? null : (data ?? null);
  return { user, isLoading: isLoading && data === undefined, authenticated: user !== null, mutate };
}

/**
 * The tour's steps as the access rules need them. The Session user already says whether the tour
 * has steps left (hasUnfinishedOnboarding, issue 18), so nothing more is asked here: `steps` stays
 * null and toAccessSession reads the flag. The tour itself (features/onboarding) asks GET
 * tooltips/steps once it runs.
 */
export function useOnboardingSteps(_user: SessionUser | null): {
  steps: OnboardingSteps | null;
  isLoading: boolean;
} {
  return { steps: null, isLoading: false };
}
