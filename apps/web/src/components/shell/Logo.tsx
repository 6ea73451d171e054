import { PRODUCT_NAME } from "@vn/contract";
import { Link } from "@/components/ui/Link";
import { cn } from "@/lib/cn";

export interface LogoProps {
  /** Hide the word mark below `sm` (the mark alone stays). */
  compact?: boolean;
  className?: string;
}

/** The brand mark: a shield with a check, and the product name. Links home. */
export function Logo({ compact = false, className }: LogoProps) {
  return (
    <Link
      href="/"
      className={cn("inline-flex min-h-10 shrink-0 items-center gap-2 rounded-md text-brand", className)}
    >
      <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
        <rect width="34" height="34" rx="8" fill="currentColor" />
        <path
          d="M17 6.5 9 9.5v6.2c0 5 3.4 8.9 8 10.3 4.6-1.4 8-5.3 8-10.3V9.5l-8-3Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="m13.2 16.4 2.7 2.7 5-5.4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* The styled word mark is hidden from assistive technology, which reads the plain name. */}
      <span
        aria-hidden="true"
        className={cn(
          "text-[1.15rem] leading-none font-bold tracking-tight text-ink",
          compact && "max-sm:hidden",
        )}
      >
        Verified<span className="text-brand">Network</span>
      </span>
      <span className="sr-only">{PRODUCT_NAME}</span>
    </Link>
  );
}
