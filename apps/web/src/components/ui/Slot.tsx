import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from "react";
import { cn } from "@/lib/cn";

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/**
 * Renders its one child with the slot's props merged in, as Radix's Slot does for `asChild`: the
 * child's props win, except that handlers (on…) both run (the child's first), classes join, styles
 * merge and refs both receive the element. Our own because the shell's Button is its only user
 * outside Radix's components, and Radix's Slot weighs on every page's first load (decision 0027).
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[key] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    }
  }
  if (slotProps.className || childProps.className) {
    merged.className = cn(slotProps.className as string, childProps.className as string);
  }
  if (slotProps.style && childProps.style) merged.style = { ...slotProps.style, ...childProps.style };
  const slotRef = slotProps.ref as Ref<unknown> | undefined;
  const childRef = childProps.ref as Ref<unknown> | undefined;
  if (slotRef && childRef) {
    merged.ref = (node: unknown) => {
      setRef(childRef, node);
      setRef(slotRef, node);
    };
  }
  return cloneElement(child, merged);
}
