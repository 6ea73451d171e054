import type { ReactNode } from "react";
import { PageChrome } from "@/components/shell/PageChrome";

/** The create-profile wizard: a quiet frame (logo and sign-out only), so the steps have the stage. */
export default function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <PageChrome minimalHeader hideSearch hideFooter>
      {children}
    </PageChrome>
  );
}
