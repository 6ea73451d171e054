"use client";

import NextLink from "next/link";
import { type ComponentProps, type FocusEvent, type PointerEvent, type TouchEvent, useState } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * next/link, prefetching when the reader shows intent rather than when the link scrolls into view.
 *
 * Why: next/link prefetches every link in the viewport. A profile, a search or a publication shows
 * 10–30 of them (cards, tabs, header, footer), each a server render and a payload the phone parses
 * on its main thread while the page is still starting: decision 0027, session 16, measured what
 * that costs. Here a link prefetches once the pointer reaches it, it takes focus, or a finger
 * touches it (a tap's touchstart comes 100–300 ms before its click), which is most of the time
 * prefetching buys. `prefetch` given explicitly (true, false) keeps next/link's meaning.
 */
export function Link({ prefetch, onPointerEnter, onFocus, onTouchStart, ref, ...props }: LinkProps) {
  const [wanted, setWanted] = useState(false);
  const chosen = prefetch === undefined || prefetch === null || prefetch === "auto";
  const want = () => {
    if (chosen) setWanted(true);
  };
  return (
    <NextLink
      {...props}
      ref={ref}
      prefetch={chosen ? (wanted ? null : false) : prefetch}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        want();
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        want();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        want();
        onTouchStart?.(event);
      }}
    />
  );
}
