import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger" | "verified";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-black/[0.06] text-ink",
  brand: "bg-brand-soft text-brand-strong",
  success: "bg-success-soft text-success",
  warning: "bg-warning-soft text-warning",
  danger: "bg-danger-soft text-danger",
  verified: "bg-brand-soft text-brand-strong",
};

export interface BadgeProps {
  children: ReactNode;
  tone?: BadgeTone;
  className?: string;
}

export function Badge({ children, tone = "neutral", className }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[tone],
        className,
      )}
    >
      {tone === "verified" ? <Icon name="check" size={14} strokeWidth={2.6} /> : null}
      {children}
    </span>
  );
}
