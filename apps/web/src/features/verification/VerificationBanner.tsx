"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { usePathname } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { bannerHiddenOn, bannerTextOf } from "./verification-rules";

/**
 * The verification banner (§6) under the header of every page, for people not verified, pending
 * or failed (the person's own status, whichever account they act as), with "Verify now". The
 * verification pages themselves are the way, so it stays off them.
 */
export function VerificationBanner() {
  const pathname = usePathname();
  const { user } = useSession();
  const text = bannerTextOf(user?.authBy.verificationStatus);
  if (!text || bannerHiddenOn(pathname)) return null;
  return (
    <section
      aria-label={commonMessages.verificationBannerLabel}
      className="border-b border-line bg-brand-soft"
    >
      <div className="mx-auto flex w-full max-w-[1128px] flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm font-medium text-brand-strong">
          <Icon name="shield" size={20} className="shrink-0" />
          {text}
        </p>
        <Button asChild size="md" className="shrink-0 max-sm:self-start">
          <Link href={routes.verification}>{commonMessages.verificationBannerAction}</Link>
        </Button>
      </div>
    </section>
  );
}
