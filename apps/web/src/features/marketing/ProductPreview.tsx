import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Icon } from "@/components/ui/Icon";

/** The landing page's illustration: a verified person's card and a verified company's post, drawn
 * with the real components. Decorative: the page's text says the same thing. */
export function ProductPreview() {
  return (
    // isolate and -z-10: the blurred shapes sit under the cards, never over their text, so every
    // colour axe judges there is the card's own.
    <div aria-hidden="true" className="relative isolate mx-auto w-full max-w-[26rem] select-none">
      <div className="absolute -top-6 -right-4 -z-10 size-40 rounded-full bg-brand-soft blur-2xl" />
      <div className="absolute -bottom-8 -left-6 -z-10 size-44 rounded-full bg-[#fde9d9] blur-2xl" />

      <div className="relative overflow-hidden rounded-card bg-surface shadow-pop">
        <div className="h-16 bg-gradient-to-r from-[#0a66c2] to-[#378fe9]" />
        <div className="px-5 pb-5">
          <Avatar name="Amara Reyes" size="lg" className="-mt-8 ring-4 ring-surface" />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <p className="text-lg font-semibold text-ink">Amara Reyes</p>
            <Badge tone="verified">Verified</Badge>
          </div>
          <p className="text-sm text-ink">Head of Product at Northwind Labs</p>
          <p className="mt-1 text-xs text-ink-muted">Lisbon, Portugal · 2,481 followers</p>
        </div>
      </div>

      <div className="relative mt-4 ml-6 rounded-card bg-surface p-4 shadow-pop sm:ml-10">
        <div className="flex items-center gap-3">
          <Avatar name="Northwind Labs" size="md" shape="square" />
          <div className="min-w-0">
            <div className="flex items-center gap-1.5">
              <p className="truncate text-sm font-semibold text-ink">Northwind Labs</p>
              <Icon name="shield" size={16} className="shrink-0 text-brand" />
            </div>
            <p className="text-xs text-ink-muted">Business verified · Press release</p>
          </div>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-ink">
          Today we are opening our second office and hiring 40 engineers across Europe. Every role is listed
          on our verified company page.
        </p>
        <div className="mt-3 flex items-center justify-between border-t border-line pt-2.5 text-xs text-ink-muted">
          <span className="flex items-center gap-1.5">
            <span className="flex -space-x-1">
              <span className="inline-flex size-4 items-center justify-center rounded-full bg-brand text-white ring-2 ring-surface">
                <Icon name="check" size={10} strokeWidth={3} />
              </span>
              <span className="inline-flex size-4 items-center justify-center rounded-full bg-success text-white ring-2 ring-surface">
                <Icon name="sparkle" size={10} strokeWidth={3} />
              </span>
              <span className="inline-flex size-4 items-center justify-center rounded-full bg-[#c37d16] text-white ring-2 ring-surface">
                <Icon name="megaphone" size={10} strokeWidth={3} />
              </span>
            </span>
            {/* Its own element, with its own background: axe judges a text's contrast over its
                element's box, which would otherwise take in the coloured icons beside it and the
                blurred shape behind the card, and leave the contrast undecided (pa11y, issue 18). */}
            <span className="bg-surface">312 reactions</span>
          </span>
          <span>48 comments · 19 reposts</span>
        </div>
      </div>
    </div>
  );
}
