import type { ReactNode } from "react";
import { Icon } from "@/components/ui/Icon";

export interface DocumentSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface DocumentPageProps {
  eyebrow: string;
  title: string;
  /** e.g. "Last updated November 1, 2026". */
  updated?: string;
  intro: ReactNode;
  sections: readonly DocumentSection[];
  /** Extra content between the intro and the sections (e.g. summary cards). */
  lead?: ReactNode;
}

/** Long-form pages (terms, privacy, cookies, trust center): a title band, a table of contents
 * (sticky on desktop, collapsible on mobile) and numbered sections with anchors. */
export function DocumentPage({ eyebrow, title, updated, intro, sections, lead }: DocumentPageProps) {
  const toc = (
    <ol className="flex flex-col gap-0.5 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-ink-muted hover:bg-black/[0.04] hover:text-ink"
          >
            <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );

  return (
    <div className="flex flex-col">
      <div className="border-b border-line bg-surface">
        <div className="mx-auto w-full max-w-[1128px] px-4 py-10 md:py-14">
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-semibold text-balance text-ink md:text-4xl">{title}</h1>
          {updated ? <p className="mt-3 text-sm text-ink-muted">{updated}</p> : null}
          <div className="mt-5 max-w-3xl text-[1.05rem] leading-relaxed text-ink">{intro}</div>
        </div>
      </div>

      <div className="mx-auto grid w-full max-w-[1128px] gap-6 px-4 py-8 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-10 md:py-12">
        <nav aria-label="On this page" className="md:sticky md:top-24 md:self-start">
          <details className="group rounded-card bg-surface shadow-card md:hidden">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-4 font-semibold text-ink">
              On this page
              {/* A drawn chevron, not a "▾" character: text that is a symbol leaves axe's contrast
                  check undecided (pa11y counts that as an issue). */}
              <Icon
                name="chevronDown"
                size={20}
                className="shrink-0 text-ink-muted transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="border-t border-line p-2">{toc}</div>
          </details>
          <div className="hidden md:block">
            <p className="mb-2 px-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              On this page
            </p>
            {toc}
          </div>
        </nav>

        <article className="min-w-0 rounded-card bg-surface px-5 py-6 shadow-card sm:px-8 sm:py-8">
          {lead}
          <div className="prose-doc">
            {sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id}>
                {/* prose-doc gives headings a scroll margin, so anchors land below the sticky header. */}
                <h2 id={section.id} className={index === 0 && !lead ? "!mt-0" : undefined}>
                  {index + 1}. {section.title}
                </h2>
                {section.content}
              </section>
            ))}
          </div>
        </article>
      </div>
    </div>
  );
}
