/**
 * The signed-in session as the web sees it: GET /api/v1/users/me (spec §7: refreshed on focus,
 * reconnect and mount). A 401 means "visitor"; so does a failed request (the API may be down and
 * public pages must still work), while SWR keeps retrying in the background.
 */
import useSWR from "swr";
import type { AccessSession } from "./access-rules";
import { api } from "./api";
import { ApiError } from "./api-error";

export const SESSION_KEY = "/v1/users/me";
export const ONBOARDING_STEPS_KEY = "/v1/tooltips/steps";

/**
 * The session user fields of spec §3 that the web reads; the API sends more (the contract's
 * sessionUserSchema). Account-level fields (id, type, name, slug, image, verification) describe
 * the acting account: the person, or the company they switched to. Person-level fields (email,
 * status, wizard flags, countCompanyProfiles) always describe the signed-in person, and `authBy`
 * is the person's own profile, with authAsCompanyOwner true while they act for a company.
 */
export interface SessionUser {
  id?: string;
  userId?: string;
  type: { id: "user" | "company"; title?: string };
  status: { id: string; title?: string };
  name: string;
  email?: string;
  phone?: string | null;
  slug: string;
  isManager?: boolean;
  verificationStatus?: string;
  verifiedAt?: string | null;
  image?: { urls?: { preview?: string } } | null;
  countCompanyProfiles?: number;
  isProfileWizardCompleted?: boolean;
  isCompanyWizardCompleted?: boolean;
  dateOfBirth?: string | null;
  /** The signed-in person's own profile; authAsCompanyOwner while acting for a company. */
  authBy?: {
    id?: string;
    slug: string;
    name: string;
    authAsCompanyOwner?: boolean;
    verificationStatus?: string;
    image?: { urls?: { preview?: string } } | null;
  } | null;
}

/** The person behind the session, whichever account they act as. */
export function personOf(user: SessionUser): { slug: string; name: string; image: string | null } {
  const own = user.authBy ?? null;
  return {
    slug: own?.slug ?? user.slug,
    name: own?.name ?? user.name,
    image:
      own?.image?.urls?.preview ?? (isActingAsCompany(user) ? null : (user.image?.urls?.preview ?? null)),
  };
}

export interface OnboardingSteps {
  isFinished: boolean;
  steps: { id: string; isPassed: boolean }[];
}

export function isActingAsCompany(user: SessionUser): boolean {
  return user.type.id === "company" || user.authBy?.authAsCompanyOwner === true;
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
    hasUnfinishedOnboarding: hasUnfinishedOnboarding(steps),
  };
}

export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>(SESSION_KEY);
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

/** The tour's steps, fetched only for users the tour can run for (§4: active, not a company). */
export function useOnboardingSteps(user: SessionUser | null): {
  steps: OnboardingSteps | null;
  isLoading: boolean;
} {
  const eligible = user !== null && user.status.id === "active" && !isActingAsCompany(user);
  const { data, isLoading } = useSWR<OnboardingSteps>(eligible ? ONBOARDING_STEPS_KEY : null, {
    // A failing tour must never block the page: treat errors as "nothing to do".
    shouldRetryOnError: false,
  });
  return { steps: data ?? null, isLoading };
}
