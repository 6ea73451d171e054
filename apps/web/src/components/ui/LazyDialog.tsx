"use client";

import dynamic from "next/dynamic";

/**
 * The Dialog, loaded the first time it is rendered: for the app-wide overlays every page carries
 * closed (the verification popup, a query intent's confirmation), so Radix's dialog, focus scope
 * and scroll lock stay out of every page's first load. A closed Dialog renders nothing, so render
 * this one only once it has something to show, and keep it mounted after (its closing animation).
 */
export const LazyDialog = dynamic(() => import("./Dialog").then((module) => module.Dialog), { ssr: false });
