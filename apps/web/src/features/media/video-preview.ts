"use client";

import { useEffect, useState } from "react";
import { topmostVisible } from "./media-rules";

/**
 * §9: in a list only the topmost visible video previews. Every preview registers its element;
 * one IntersectionObserver (and scroll/resize) decides which one that is.
 */
const elements = new Map<string, HTMLElement>();
const listeners = new Set<(id: string | null) => void>();
let observer: IntersectionObserver | null = null;
let chosen: string | null = null;

function decide() {
  const boxes = [...elements].map(([id, el]) => {
    const rect = el.getBoundingClientRect();
    return { id, top: rect.top, bottom: rect.bottom };
  });
  const next = topmostVisible(boxes, window.innerHeight);
  if (next === chosen) return;
  chosen = next;
  for (const listener of listeners) listener(chosen);
}

let frame = 0;
function schedule() {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    decide();
  });
}

function register(id: string, element: HTMLElement): () => void {
  if (!observer) {
    observer = new IntersectionObserver(schedule, { threshold: [0, 0.25, 0.5, 0.75, 1] });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
  }
  elements.set(id, element);
  observer.observe(element);
  schedule();
  return () => {
    observer?.unobserve(element);
    elements.delete(id);
    if (elements.size === 0 && observer) {
      observer.disconnect();
      observer = null;
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    }
    schedule();
  };
}

/** Whether this video is the list's previewing one. */
export function useTopmostVideo(id: string, element: HTMLElement | null): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!element) return;
    const listener = (current: string | null) => setActive(current === id);
    listeners.add(listener);
    const unregister = register(id, element);
    listener(chosen);
    return () => {
      listeners.delete(listener);
      unregister();
    };
  }, [id, element]);
  return active;
}
