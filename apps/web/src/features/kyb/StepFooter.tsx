import type { ReactNode } from "react";

/**
 * A wizard step's buttons, the main one last: stacked with it on top on phones, in a row with it
 * on the right on wider screens.
 */
export function StepFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
