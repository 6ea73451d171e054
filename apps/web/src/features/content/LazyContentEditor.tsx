"use client";

import dynamic from "next/dynamic";

/**
 * The editor of a publication's edit screen (/{slug}/…/edit), split from the /{slug} route's
 * first load: profiles and publications, under the same route, then carry neither the editor nor
 * its form, schemas and zod. Rendered on the server as before (the same HTML); the browser loads
 * its chunk before it hydrates the editor.
 */
export const LazyContentEditor = dynamic(() =>
  import("./ContentEditor").then((module) => module.ContentEditor),
);
