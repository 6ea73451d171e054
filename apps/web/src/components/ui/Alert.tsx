import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export type AlertTone = "error" | "success" | "info";

const tones: Record<AlertTone, string> = {
  error: "bg-danger-soft text-danger",
  success: "bg-success-soft text-success",
  info: "bg-brand-soft text-brand-strong",
};

const icons = { error: "alert", success: "checkCircle", info: "shield" } as const;

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

/** A message inside a form or card. Errors are announced at once (role=alert), others politely. */
export function Alert({ tone = "error", children, className }: AlertProps) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2.5 rounded-lg px-3.5 py-3 text-sm font-medium",
        tones[tone],
        className,
      )}
    >
      <Icon name={icons[tone]} size={20} className="mt-px shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
