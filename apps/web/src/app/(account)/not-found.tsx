import type { Metadata } from "next";
import { NotFoundView } from "@/features/shell/NotFoundView";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/**
 * notFound() inside this group: the group's layout already gives the frame (header, <main>), so
 * only the content; the root not-found.tsx, which brings its own frame, would make it twice.
 */
export default function GroupNotFound() {
  return <NotFoundView />;
}
