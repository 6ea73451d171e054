"use client";

import { type ContentItem, type ReactionKind, reactionKinds } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { socialMessages } from "@vn/contract/messages/social";
import { useEffect, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { DeferredMenu } from "@/components/ui/DeferredMenu";
import { Icon } from "@/components/ui/Icon";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import { useIntentReplay, useSignInPrompt } from "@/features/accounts/SignInDialog";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import {
  applyReaction,
  type ReactionTally,
  reactionEmoji,
  reactionLabels,
  reactionsCountText,
  tallyOf,
  topKinds,
} from "./reactions";
import { useViewerReaction } from "./viewer-reactions";

function WhoReacted({
  contentId,
  open,
  onOpenChange,
}: {
  contentId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const list = useResource(
    api.social.reactions,
    open ? { params: { id: contentId }, query: { perPage: 50 } } : null,
  );
  const reacted = list.data?.data;
  return (
    <LazyDialog open={open} onOpenChange={onOpenChange} title={socialMessages.reactionsWho} size="sm">
      {!reacted ? (
        <p className="text-ink-muted">{commonMessages.loading}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {reacted.map(({ profile, kind }) => (
            <li key={profile.id} className="flex items-center gap-3 py-2">
              <span aria-hidden="true" className="inline-flex">
                <Avatar name={profile.name} src={profile.image?.urls.preview ?? null} size="sm" />
              </span>
              <Link
                href={`/${encodeURIComponent(profile.slug)}`}
                className="min-w-0 flex-1 truncate font-semibold text-ink hover:underline"
              >
                {profile.name}
              </Link>
              <span title={reactionLabels[kind]}>
                <span aria-hidden="true">{reactionEmoji[kind]}</span>
                <span className="sr-only">{reactionLabels[kind]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </LazyDialog>
  );
}

/**
 * Reactions on a publication (issue 6): like, celebrate, support, insightful, curious with counts
 * and who reacted; nothing where reactionsEnabled is off; inert in live mode and for visitors.
 */
export function ReactionsBar({ item, live = false }: { item: ContentItem; live?: boolean }) {
  const { user } = useSession();
  const snackbar = useSnackbar();
  const gate = useVerificationGate();
  const known = useViewerReaction(item.id);
  const [tally, setTally] = useState<ReactionTally>(() => tallyOf(item.reactions, known ?? null));
  const [who, setWho] = useState(false);
  // A detail page does not know the viewer's reaction: ask once.
  const mine = useResource(
    api.social.myReactions,
    user && known === undefined && item.contentInteractionConfig.reactionsEnabled
      ? { query: { ids: item.id } }
      : null,
  );
  const mineKinds = mine.data?.data;
  const mineKind = mineKinds?.[item.id] ?? null;
  useEffect(() => {
    if (mineKinds)
      setTally((current) => (current.mine === mineKind ? current : { ...current, mine: mineKind }));
  }, [mineKinds, mineKind]);

  const signIn = useSignInPrompt();
  // Visitors see the buttons too: pressing one opens the sign-in dialog (issue 18).
  const canReact = !live;

  const choose = async (kind: ReactionKind | null) => {
    if (!canReact) return;
    if (!user) {
      if (kind) signIn.prompt({ action: "react", target: item.id, kind });
      return;
    }
    if (!gate.allows("reactions.write")) return;
    const before = tally;
    setTally(applyReaction(tally, kind));
    try {
      const params = { id: item.id };
      const { data: summary } = kind
        ? await api.social.react({ params, body: { kind } })
        : await api.social.unreact({ params });
      setTally(tallyOf(summary.counts, summary.mine));
    } catch (error) {
      setTally(before);
      if (gate.refusedBy(error)) return;
      snackbar.show(error instanceof ApiError ? error.message : commonMessages.somethingWentWrong, {
        tone: "error",
      });
    }
  };

  // Signed in from the dialog after choosing a reaction here: set it (once), when the viewer's own
  // reaction is known, so an existing one is not toggled away.
  const mineKnown = known !== undefined || mineKinds !== undefined;
  useIntentReplay("react", item.id, mineKnown && item.contentInteractionConfig.reactionsEnabled, (intent) => {
    const kind = (reactionKinds as readonly string[]).includes(intent.kind ?? "")
      ? (intent.kind as ReactionKind)
      : "like";
    if (tally.mine !== kind) void choose(kind);
  });

  if (!item.contentInteractionConfig.reactionsEnabled) return null;
  const current = tally.mine;
  return (
    <div className="flex items-center gap-1">
      {tally.total > 0 ? (
        <button
          type="button"
          onClick={() => setWho(true)}
          className="inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm text-ink-muted hover:bg-black/5 hover:text-ink"
        >
          <span aria-hidden="true" className="tracking-tighter">
            {topKinds(tally)
              .map((kind) => reactionEmoji[kind])
              .join("")}
          </span>
          <span className="tabular-nums">{reactionsCountText(tally.total)}</span>
        </button>
      ) : null}
      {canReact ? (
        <fieldset className="flex items-center">
          <legend className="sr-only">{socialMessages.reactionsBarLabel}</legend>
          <Button
            variant="tertiary"
            aria-pressed={current !== null}
            onClick={() => void choose(current ? null : "like")}
            className={cn("rounded-r-none pr-2", current && "text-brand")}
          >
            {current ? (
              <span aria-hidden="true">{reactionEmoji[current]}</span>
            ) : (
              <Icon name="thumbUp" size={18} />
            )}
            {current ? reactionLabels[current] : socialMessages.reactionLike}
          </Button>
          <DeferredMenu
            trigger={
              <Button
                variant="tertiary"
                aria-label={socialMessages.reactAction}
                className="rounded-l-none px-2"
              >
                <Icon name="chevronDown" size={16} />
              </Button>
            }
            items={reactionKinds.map((kind) => ({
              label: `${reactionEmoji[kind]} ${reactionLabels[kind]}`,
              current: current === kind,
              onSelect: () => void choose(current === kind ? null : kind),
            }))}
          />
        </fieldset>
      ) : null}
      <WhoReacted contentId={item.id} open={who} onOpenChange={setWho} />
    </div>
  );
}
