import type { ReactNode } from "react";
import { PageChrome } from "@/components/shell/PageChrome";

/** Public and member pages: the full frame with header, search and footer. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <PageChrome>{children}</PageChrome>;
}
