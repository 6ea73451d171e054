"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { useSearchParams } from "next/navigation";
import { Icon } from "@/components/ui/Icon";
import { routes } from "@/lib/paths";

/** The header's search box: a plain GET form to /search?search={term} (spec §2), so it works
 * before JavaScript loads. On mobile it collapses to a button that opens the search page. */
export function HeaderSearch() {
  const current = useSearchParams().get("search") ?? "";
  return (
    <>
      <search className="hidden w-full max-w-80 md:block">
        <form action={routes.search} method="get" className="relative">
          <label htmlFor="header-search" className="sr-only">
            {commonMessages.searchLabel}
          </label>
          {/* The form's submit button (a search form needs one to be operable without Enter, WCAG 3.2.2). */}
          <button
            type="submit"
            className="absolute top-1/2 left-1 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-ink-muted hover:text-ink"
          >
            <Icon name="search" size={18} />
            <span className="sr-only">{commonMessages.searchLabel}</span>
          </button>
          <input
            id="header-search"
            name="search"
            type="search"
            defaultValue={current}
            placeholder={commonMessages.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            className="h-10 w-full rounded-md bg-[#edf3f8] pr-3 pl-10 text-sm text-ink placeholder:text-ink-muted focus:bg-surface focus:outline-2 focus:outline-brand"
          />
        </form>
      </search>
      <a
        href={routes.search}
        className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink md:hidden"
      >
        <Icon name="search" size={22} />
        <span className="sr-only">{commonMessages.searchLabel}</span>
      </a>
    </>
  );
}
