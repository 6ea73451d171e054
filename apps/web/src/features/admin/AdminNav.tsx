"use client";

import { adminMessages } from "@vn/contract/messages/admin";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { Link } from "@/components/ui/Link";
import { cn } from "@/lib/cn";

/** Where a section starts and whether the page is in it (/admin itself only on its own). */
function isActive(pathname: string, href: string): boolean {
  if (href === "/admin") return pathname === "/admin";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The back-office's sections: a column beside the page on wider screens, a row that scrolls
 * sideways on phones (360 px); links, so Tab and Enter work as everywhere, and the page's own
 * section is marked with aria-current.
 */
export function AdminNav({ sections }: { sections: readonly { href: string; label: string }[] }) {
  const pathname = usePathname();
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways: bring the page's own section into view (again whenever
  // the page changes, which is why pathname is a dependency although the effect does not read it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    activeLink.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  return (
    <nav aria-label={adminMessages.adminNavLabel} className="mt-4 max-md:-mx-4 max-md:overflow-x-auto">
      <ul className="flex gap-1 max-md:px-4 max-md:pb-1 md:flex-col">
        {sections.map((section) => {
          const active = isActive(pathname, section.href);
          return (
            <li key={section.href} className="shrink-0">
              <Link
                href={section.href}
                ref={active ? activeLink : undefined}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 w-full items-center rounded-full px-3 text-[0.95rem] font-semibold whitespace-nowrap max-md:shadow-card md:rounded-md",
                  active
                    ? "bg-brand-soft text-brand-strong"
                    : "text-ink-muted hover:bg-black/5 hover:text-ink max-md:bg-surface",
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
