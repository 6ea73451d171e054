"use client";

import { type ReactNode, useSyncExternalStore } from "react";

const noChange = () => () => undefined;

/**
 * A form's fields, disabled until this part of the page has hydrated. For forms split from the
 * page's first load (next/dynamic) but rendered on the server when the page opens on them: their
 * script can arrive after the page is shown, and text typed or a submit pressed before it would be
 * lost (a field's check never runs; the browser sends the form itself). Disabled, the fields wait
 * for the script instead; inputs look the same, only the submit button dims for that moment.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  // false in the server's HTML and during hydration, true from the render right after.
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
