import type { ReactNode } from "react";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/lib/cn";

export type StepTone = "brand" | "success" | "danger" | "warning";

const tones: Record<StepTone, string> = {
  brand: "bg-brand-soft text-brand",
  success: "bg-success-soft text-success",
  danger: "bg-danger-soft text-danger",
  warning: "bg-warning-soft text-warning",
};

export interface StepCardProps {
  icon: IconName;
  tone?: StepTone;
  title: string;
  /** The sentence under the title. */
  text?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom: stacked on phones, in a row on wider screens. */
  actions?: ReactNode;
  /** Replaces the icon (the processing screen's spinner). */
  visual?: ReactNode;
  /** Room for two columns (the capture page's photos). */
  wide?: boolean;
}

/** One screen of the verification flow: an icon, the title (the page's h1), a sentence, the body. */
export function StepCard({
  icon,
  tone = "brand",
  title,
  text,
  children,
  actions,
  visual,
  wide,
}: StepCardProps) {
  return (
    <div
      className={cn(
        "mx-auto flex w-full flex-1 flex-col px-4 py-6 sm:py-10",
        wide ? "max-w-[800px]" : "max-w-[640px]",
      )}
    >
      <section
        aria-labelledby="verification-title"
        className="flex flex-col gap-5 rounded-card bg-surface p-5 shadow-card sm:p-8"
      >
        <div className="flex flex-col items-start gap-4">
          {visual ?? (
            <span className={cn("inline-flex size-14 items-center justify-center rounded-full", tones[tone])}>
              <Icon name={icon} size={30} />
            </span>
          )}
          <div className="min-w-0">
            <h1 id="verification-title" className="text-2xl leading-tight font-semibold text-ink">
              {title}
            </h1>
            {text ? <div className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">{text}</div> : null}
          </div>
        </div>
        {children}
        {actions ? (
          <div className="flex flex-col-reverse gap-2 border-t border-line pt-5 sm:flex-row sm:justify-end">
            {actions}
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** The card's place while the session and the state load. */
export function StepSkeleton({ label }: { label: string }) {
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-1 flex-col px-4 py-6 sm:py-10" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card sm:p-8">
        <Skeleton shape="circle" className="size-14" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}
