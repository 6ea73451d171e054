/**
 * Route paths the shell itself navigates to, and the small path tests shared by the access rules,
 * the route history and the proxy. Routes are named as spec §2 names them.
 */
export const routes = {
  home: "/",
  login: "/login",
  /** /login opened on the join form (the "Join now" links). */
  signUp: "/login?mode=signup",
  resetPassword: "/login/reset-password",
  logout: "/logout",
  notFound: "/not-found",
  notAvailable: "/not-available",
  createProfile: "/create-profile",
  createProfileForm: "/create-profile/profile",
  createProfileVerify: "/create-profile/get-verified",
  createProfileCompany: "/create-profile/company",
  verification: "/verification",
  /** A screen of the verification flow (§2 /verification/{flow, processing, …}). */
  verificationStep: (step: string) => `/verification/${step}`,
  /** The sandbox vendor's hosted capture page (§2 /jumio). */
  jumio: "/jumio",
  createCompany: "/create/company",
  search: "/search",
  chats: "/chats",
  settings: "/settings",
  terms: "/terms",
  privacy: "/privacy",
  cookies: "/cookies",
  trustCenter: "/trust-center",
  companies: "/companies",
  advertise: "/advertise",
  blog: "/blog",
  faq: "/faq",
  /** /login, coming back to `back` (a path of ours, with its query) once signed in. */
  loginThenBack: (back: string) => `/login?${new URLSearchParams({ redirect: back }).toString()}`,
  notAvailableFor: (email: string) => `/not-available?${new URLSearchParams({ email }).toString()}`,
  profile: (slug: string) => `/${encodeURIComponent(slug)}`,
  /** The signed-in home route of spec §2. */
  userHome: (slug: string) => `/${encodeURIComponent(slug)}/network/suggested`,
  onboarding: (slug: string) => `/${encodeURIComponent(slug)}?media-onboarding=true`,
  /** Where an invitee answers a team invitation (the link of its mail, issue 14). */
  companyInvitation: (id: string) => `/companies/invites/${encodeURIComponent(id)}`,
} as const;

/** True when `pathname` is `base` itself or a path below it ("/posts" matches "/posts/abc", not "/postsx"). */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** True for any path that has an `edit` segment ("/x/edit/y", "/x/edit"). */
export function isEditPath(pathname: string): boolean {
  return pathname.includes("/edit/") || pathname.endsWith("/edit");
}

/** Drops a trailing slash (except on "/") so "/terms/" and "/terms" are one route. */
export function normalizePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.replace(/\/+$/, "") || "/";
  return pathname;
}
