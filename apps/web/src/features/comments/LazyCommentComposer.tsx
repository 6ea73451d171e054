"use client";

import { useEffect } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import type { CommentComposerProps } from "./CommentComposer";

/**
 * The comment box (CommentComposer, with its image upload), loaded with import() when a box is
 * first shown instead of with the page: a visitor reading a publication never gets one, so the
 * page's first load does not carry it (decision 0027).
 */
const composerModule = deferredModule(() =>
  import("./CommentComposer").then((module) => module.CommentComposer),
);

/** Starts loading the comment box early (a signed-in reader is about to get one). */
export function preloadCommentComposer() {
  composerModule.load().catch(() => undefined);
}

/** A CommentComposer; the place of a comment box (as tall as a visitor's) until it has loaded. */
export function LazyCommentComposer(props: CommentComposerProps) {
  const [Composer, request] = useDeferredModule(composerModule);
  useEffect(() => {
    if (!Composer) request();
  }, [Composer, request]);
  if (Composer) return <Composer {...props} />;
  return (
    <div aria-busy="true">
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
