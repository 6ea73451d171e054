import type { ReactNode } from "react";
import { PageChrome } from "@/components/shell/PageChrome";

/** Sign-in and sign-out: the visitor's header without search, so nothing pulls the user away. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <PageChrome hideSearch unauthenticatedHeader>
      {children}
    </PageChrome>
  );
}
