"use client";

import { useSyncExternalStore } from "react";

const noChange = () => () => undefined;

/**
 * False in the server's HTML and while hydrating, true from the render right after. For forms
 * split from the page's first load (next/dynamic) but rendered on the server when the page opens
 * on them: their script can arrive after the page is shown, and text typed or a submit pressed
 * before would be lost (a field's check never runs; the browser sends the form itself). Their
 * fields stay disabled until then instead. (A disabled <fieldset> would do it in one place, but
 * WCAG's H71 asks every fieldset for a legend, which these forms' headings already are.)
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
