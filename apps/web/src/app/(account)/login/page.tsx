import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { AlreadySignedIn } from "@/features/accounts/AlreadySignedIn";
import { AuthScreen } from "@/features/accounts/AuthScreen";
import { homeOfSignedIn } from "@/features/accounts/destination";
import { serverGet } from "@/features/content/server-api";
import { api } from "@/lib/api-client";

export const metadata: Metadata = {
  title: `${commonMessages.signIn} or ${commonMessages.joinNow.toLowerCase()}`,
};

/**
 * /login, rendered on the server with the request's query and session (issue 18): the form is in
 * the first HTML (no wait for the page's script), and someone already signed in reads "You are
 * already logged in." with the way home instead of the form (spec §8).
 */
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Reading the query makes the page render per request, so the screen's useSearchParams has it
  // on the server too (a static page would leave the screen to the browser).
  await searchParams;
  // Only a request with a session cookie can be signed in: a visitor's costs no API call.
  const jar = await cookies();
  const hasSession = jar.has(SESSION_COOKIE_NAME) || jar.has(SESSION_COOKIE_NAME_SECURE);
  const session = hasSession ? await serverGet(api.accounts.me) : { data: null };
  return (
    <div className="mx-auto flex w-full max-w-[440px] flex-1 flex-col justify-center px-4 py-8 sm:py-14">
      {session.data ? <AlreadySignedIn home={homeOfSignedIn(session.data)} /> : <AuthScreen />}
    </div>
  );
}
