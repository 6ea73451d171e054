import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Slot } from "./Slot";

export type ButtonVariant = "primary" | "secondary" | "tertiary" | "danger" | "inverse";
export type ButtonSize = "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:bg-brand-strong active:bg-brand-strong",
  secondary: "bg-surface text-brand ring-1 ring-inset ring-brand hover:bg-brand-soft hover:ring-2",
  tertiary: "bg-transparent text-ink-muted hover:bg-black/5 hover:text-ink",
  danger: "bg-danger text-white hover:bg-[#8f1c13]",
  /** For dark bands. */
  inverse: "bg-white text-ink hover:bg-white/90",
};

// Both sizes keep the 40 px minimum touch target (§9).
const sizes: Record<ButtonSize, string> = {
  md: "min-h-10 px-4 text-[0.95rem]",
  lg: "min-h-12 px-6 text-base",
};

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  /** Render the child (e.g. a Next <Link>) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({
  variant = "primary",
  size = "md",
  block = false,
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      // A plain <button> inside a form defaults to submit; make that explicit or opt out.
      type={asChild ? undefined : (type ?? "button")}
      className={cn(
        "inline-flex min-w-10 cursor-pointer select-none items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap",
        "transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-55",
        variants[variant],
        sizes[size],
        block && "w-full",
        className,
      )}
      {...props}
    />
  );
}
