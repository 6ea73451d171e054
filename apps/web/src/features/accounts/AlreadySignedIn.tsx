import { accountsMessages } from "@vn/contract/messages/accounts";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";

/**
 * /login for someone already signed in (spec §8 "You are already logged in.", issue 18): the
 * sentence and the way to their home, instead of a form they do not need. Rendered by the server
 * page when the request's session is valid, and by the screen when a sign-in elsewhere (another
 * tab) starts one while the page is open.
 */
export function AlreadySignedIn({ home }: { home: string }) {
  return (
    <div className="flex w-full flex-col items-start gap-5 rounded-card bg-surface px-6 py-8 shadow-card sm:px-8">
      <h1 className="text-[1.75rem] leading-tight font-semibold text-balance text-ink">
        {accountsMessages.alreadyLoggedIn}
      </h1>
      <Button asChild size="lg">
        <Link href={home}>{accountsMessages.alreadyLoggedInAction}</Link>
      </Button>
    </div>
  );
}
