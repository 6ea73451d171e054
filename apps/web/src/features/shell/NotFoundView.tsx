import { commonMessages } from "@vn/contract/messages/common";
import { serverMessages } from "@vn/contract/messages/server";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";

/** The 404 content (spec §2): the user has wandered off the feed; one way back home. */
export function NotFoundView() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center md:py-24">
      <svg
        width="220"
        height="150"
        viewBox="0 0 220 150"
        aria-hidden="true"
        focusable="false"
        className="mb-8 max-w-full"
      >
        <rect
          x="24"
          y="16"
          width="172"
          height="118"
          rx="14"
          fill="#ffffff"
          stroke="#dcdad6"
          strokeWidth="2"
        />
        <rect x="40" y="34" width="30" height="30" rx="15" fill="#e8f1fb" />
        <rect x="80" y="38" width="84" height="8" rx="4" fill="#dcdad6" />
        <rect x="80" y="52" width="56" height="8" rx="4" fill="#ecebe8" />
        <rect x="40" y="78" width="140" height="8" rx="4" fill="#ecebe8" />
        <rect x="40" y="94" width="120" height="8" rx="4" fill="#ecebe8" />
        <rect x="40" y="110" width="80" height="8" rx="4" fill="#ecebe8" />
        <circle cx="168" cy="104" r="26" fill="#0a66c2" />
        <path d="M168 92v14m0 7v1" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Error 404</p>
      <h1 className="mt-2 text-2xl font-semibold text-balance text-ink md:text-3xl">
        {serverMessages.notFoundTitle}
      </h1>
      <p className="mt-3 text-base text-pretty text-ink-muted">{serverMessages.notFoundBody}</p>
      <Button asChild size="lg" className="mt-8">
        <Link href="/">{commonMessages.notFoundAction}</Link>
      </Button>
    </div>
  );
}
