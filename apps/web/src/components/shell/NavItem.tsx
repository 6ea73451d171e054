"use client";

import { usePathname } from "next/navigation";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { cn } from "@/lib/cn";
import { isUnder } from "@/lib/paths";

export interface NavItemProps {
  href: string;
  label: string;
  icon: IconName;
  /** The onboarding tour's target (data-tour, issue 18). */
  tour?: string;
}

/** A header navigation entry: icon over label on desktop, icon only (label for screen readers) on mobile. */
export function NavItem({ href, label, icon, tour }: NavItemProps) {
  const pathname = usePathname();
  const active = href !== "/" && isUnder(pathname, href.split("?")[0] ?? href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      data-tour={tour}
      className={cn(
        "relative inline-flex min-h-10 min-w-10 flex-col items-center justify-center gap-0.5 rounded-md px-2 text-ink-muted hover:text-ink md:min-w-16",
        active && "text-ink",
      )}
    >
      <Icon name={icon} size={22} />
      <span className="text-xs max-md:sr-only">{label}</span>
      {/* The active underline is an element, not ::after: axe cannot judge the contrast of text
          beside a pseudo-element and leaves the label "to review" (pa11y counts it, issue 18). */}
      {active ? <span aria-hidden="true" className="absolute inset-x-1 -bottom-[9px] h-0.5 bg-ink" /> : null}
    </Link>
  );
}
