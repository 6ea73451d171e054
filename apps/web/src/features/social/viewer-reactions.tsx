"use client";

import type { ReactionKind } from "@vn/contract";
import { createContext, type ReactNode, useContext } from "react";

/** The viewer's own reaction per listed item (the home feed's meta.viewerReactions). */
const ViewerReactionsContext = createContext<Record<string, ReactionKind> | null>(null);

export function ViewerReactionsProvider({
  value,
  children,
}: {
  value: Record<string, ReactionKind>;
  children: ReactNode;
}) {
  return <ViewerReactionsContext.Provider value={value}>{children}</ViewerReactionsContext.Provider>;
}

/** The viewer's reaction to one item: a kind, null for none, undefined when nobody said. */
export function useViewerReaction(contentId: string): ReactionKind | null | undefined {
  const all = useContext(ViewerReactionsContext);
  if (!all) return undefined;
  return all[contentId] ?? null;
}
