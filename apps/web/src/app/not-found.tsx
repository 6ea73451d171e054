import type { Metadata } from "next";
import { PageChrome } from "@/components/shell/PageChrome";
import { NotFoundView } from "@/features/shell/NotFoundView";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** Every unknown route. It renders its own frame because it replaces the route group layouts. */
export default function NotFound() {
  return (
    <PageChrome>
      <NotFoundView />
    </PageChrome>
  );
}
