import { cn } from "@/lib/cn";

export interface SkeletonProps {
  className?: string;
  /** "text" lines are short rounded bars; "circle" suits avatars. */
  shape?: "block" | "text" | "circle";
}

/** A placeholder while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className, shape = "block" }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "animate-pulse bg-black/[0.08]",
        shape === "circle" ? "rounded-full" : shape === "text" ? "h-3.5 rounded" : "rounded-lg",
        className,
      )}
    />
  );
}
