"use client";

import type { ContentItem } from "@vn/contract";
import { socialMessages } from "@vn/contract/messages/social";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Skeleton } from "@/components/ui/Skeleton";
import { type CreateRoute, createRouteKinds, createTitles } from "@/features/content/kinds";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { personOf, type SessionUser } from "@/lib/session";

/** The editor (its form, schemas and zod) loads when a kind is chosen: the home shows the box,
 * not the form, until then. */
const ContentEditor = dynamic(
  () => import("@/features/content/ContentEditor").then((module) => module.ContentEditor),
  { ssr: false },
);

/** The kinds offered beside "start a post"; every other kind is under "more". */
const QUICK: readonly CreateRoute[] = ["article", "event", "video"];

/**
 * "Start a post" at the top of the home (issue 18): the composer of /create/* opened in place, for
 * any kind, in a dialog; a saved publication is handed back so the feed shows it without leaving.
 * Publishing is for verified people (§6): otherwise the button opens the verification popup.
 */
export function StartPostBox({
  user,
  composing,
  onCompose,
  onPublished,
}: {
  user: SessionUser;
  /** The kind being composed (null: closed); the home holds it so its checklist can open it too. */
  composing: CreateRoute | null;
  onCompose: (kind: CreateRoute | null) => void;
  onPublished: (item: ContentItem) => void;
}) {
  const gate = useVerificationGate();
  const me = personOf(user);
  const open = (kind: CreateRoute) => {
    if (!gate.allows("content.write", { kind: createRouteKinds[kind] })) return;
    onCompose(kind);
  };
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <section aria-label={socialMessages.startPostLabel} className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-center gap-3">
        <span aria-hidden="true">
          <Avatar name={user.name} src={user.image?.urls.preview ?? me.image} size="md" />
        </span>
        <button
          type="button"
          onClick={() => open("post")}
          aria-haspopup="dialog"
          className="flex min-h-12 flex-1 cursor-pointer items-center rounded-full px-4 text-left font-semibold text-ink-muted ring-1 ring-line-strong ring-inset hover:bg-black/[0.04]"
        >
          {socialMessages.startPostLabel}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1">
        {QUICK.map((kind) => (
          <button
            key={kind}
            type="button"
            onClick={() => open(kind)}
            aria-haspopup="dialog"
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-semibold text-ink-muted hover:bg-black/[0.05] hover:text-ink"
          >
            <Icon name={kind === "event" ? "pin" : kind === "video" ? "eye" : "document"} size={18} />
            {createTitles[kind]}
          </button>
        ))}
        <DeferredMenu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          align="start"
          trigger={
            <button
              type="button"
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-semibold text-ink-muted hover:bg-black/[0.05] hover:text-ink"
            >
              <Icon name="plus" size={18} />
              {socialMessages.startPostMore}
            </button>
          }
          items={(Object.keys(createTitles) as CreateRoute[])
            .filter((kind) => kind !== "post" && !QUICK.includes(kind))
            .map((kind) => ({ label: createTitles[kind], onSelect: () => open(kind) }))}
        />
      </div>
      <LazyDialog
        open={composing !== null}
        onOpenChange={(next) => {
          if (!next) onCompose(null);
        }}
        title={composing ? createTitles[composing] : socialMessages.startPostLabel}
        size="lg"
        fullOnMobile
      >
        {composing ? (
          <ContentEditor
            key={composing}
            mode="create"
            kind={createRouteKinds[composing]}
            title={createTitles[composing]}
            embedded
            onSaved={(item) => {
              onCompose(null);
              onPublished(item);
            }}
          />
        ) : null}
      </LazyDialog>
    </section>
  );
}

/**
 * The box's frame while the session is not known yet: the same card, rows and heights as
 * StartPostBox, so the box arriving moves nothing below it (docs/decisions/0027).
 */
export function StartPostBoxSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-center gap-3">
        <Skeleton shape="circle" className="size-10" />
        <Skeleton className="h-12 flex-1 rounded-full" />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1">
        {/* About as wide as the four labels ("Write an article", …), so the rows wrap alike. */}
        {["w-28", "w-28", "w-24", "w-44"].map((width, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
          <div key={n} className="flex h-10 items-center gap-2 px-3">
            <Skeleton shape="circle" className="size-[18px]" />
            <Skeleton shape="text" className={width} />
          </div>
        ))}
      </div>
    </div>
  );
}
