/**
 * The onboarding tour's driver (issue 18): driver.js, loaded only when a tour runs (its ~7 KB
 * gzipped never reach other pages; docs/decisions/0023-onboarding-tour.md). One popover at a time;
 * the walk itself (order, pages, passing steps) is OnboardingTour's.
 */
import { type Driver, driver } from "driver.js";
import "driver.js/dist/driver.css";
import "./tour.css";

export interface TourStop {
  element: Element;
  title: string;
  description: string;
  /** "3 of 10". */
  progress: string;
  nextLabel: string;
  skipLabel: string;
}

export type TourAnswer = "next" | "close";

const DRIVER_ARIA = ["aria-haspopup", "aria-expanded", "aria-controls"] as const;

export interface TourDriver {
  /** Shows one stop; resolves when the person moves on or closes the tour. */
  show(stop: TourStop): Promise<TourAnswer>;
  destroy(): void;
}

export function createTourDriver(): TourDriver {
  let answer: ((value: TourAnswer) => void) | null = null;
  const settle = (value: TourAnswer) => {
    const resolve = answer;
    answer = null;
    resolve?.(value);
  };
  const instance: Driver = driver({
    animate: true,
    smoothScroll: false,
    allowClose: true,
    allowKeyboardControl: true,
    // A stray click beside the popover must not end the tour.
    overlayClickBehavior: () => undefined,
    overlayOpacity: 0.55,
    stagePadding: 6,
    stageRadius: 8,
    popoverClass: "vn-tour",
    showButtons: ["next", "close"],
    // Escape or the close button: the tour is over.
    onDestroyStarted: () => settle("close"),
    onCloseClick: () => settle("close"),
  });
  return {
    show(stop) {
      // driver.js marks the highlighted element as opening a dialog (aria-haspopup, -expanded,
      // -controls); on a target without a widget role (the photo, the connections line) those are
      // not allowed (axe aria-allowed-attr), so each target keeps the attributes it had.
      const element = stop.element;
      const original = DRIVER_ARIA.map((name) => [name, element.getAttribute(name)] as const);
      const restore = () => {
        for (const [name, value] of original) {
          if (value === null) element.removeAttribute(name);
          else element.setAttribute(name, value);
        }
      };
      return new Promise<TourAnswer>((resolve) => {
        answer = resolve;
        instance.highlight({
          element,
          onHighlighted: () => setTimeout(restore, 0),
          popover: {
            title: stop.title,
            description: stop.description,
            showProgress: true,
            progressText: stop.progress,
            showButtons: ["next", "close"],
            nextBtnText: stop.nextLabel,
            onNextClick: () => settle("next"),
            onCloseClick: () => settle("close"),
            onPopoverRender: (popover) => {
              popover.closeButton.setAttribute("aria-label", stop.skipLabel);
              popover.closeButton.setAttribute("title", stop.skipLabel);
              popover.wrapper.setAttribute("aria-modal", "false");
              // Keyboard first: the person can press Enter to go on, Tab to the close button.
              setTimeout(() => {
                restore();
                popover.nextButton.focus();
              }, 0);
            },
          },
        });
      });
    },
    destroy() {
      answer = null;
      if (instance.isActive()) instance.destroy();
    },
  };
}
