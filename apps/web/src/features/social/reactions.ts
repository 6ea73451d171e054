import { formatCount, type ReactionKind, reactionKinds } from "@vn/contract";
import { socialMessages } from "@vn/contract/messages/social";

export const reactionLabels: Record<ReactionKind, string> = {
  like: socialMessages.reactionLike,
  celebrate: socialMessages.reactionCelebrate,
  support: socialMessages.reactionSupport,
  insightful: socialMessages.reactionInsightful,
  curious: socialMessages.reactionCurious,
};

/** One emoji per kind: recognisable at 16 px, no image requests. */
export const reactionEmoji: Record<ReactionKind, string> = {
  like: "👍",
  celebrate: "👏",
  support: "🤝",
  insightful: "💡",
  curious: "🤔",
};

/** "1 reaction", "2 reactions" under a publication. */
export function reactionsCountText(total: number): string {
  return formatCount(total, { one: socialMessages.reactionsCountOne, other: socialMessages.reactionsCount });
}

export interface ReactionTally {
  counts: Record<ReactionKind, number>;
  total: number;
  mine: ReactionKind | null;
}

/** The tally from an item's per-kind counts (unknown kinds ignored). */
export function tallyOf(counts: Record<string, number>, mine: ReactionKind | null): ReactionTally {
  const result = Object.fromEntries(
    reactionKinds.map((kind) => [kind, Math.max(0, counts[kind] ?? 0)]),
  ) as Record<ReactionKind, number>;
  return { counts: result, total: reactionKinds.reduce((sum, kind) => sum + result[kind], 0), mine };
}

/** The tally after the viewer picks `kind` (or withdraws with null), before the server answers. */
export function applyReaction(tally: ReactionTally, kind: ReactionKind | null): ReactionTally {
  const counts = { ...tally.counts };
  if (tally.mine) counts[tally.mine] = Math.max(0, counts[tally.mine] - 1);
  if (kind) counts[kind] += 1;
  return { counts, total: reactionKinds.reduce((sum, k) => sum + counts[k], 0), mine: kind };
}

/** The kinds with a count, most chosen first: the little stack beside the total. */
export function topKinds(tally: ReactionTally, max = 3): ReactionKind[] {
  return reactionKinds
    .filter((kind) => tally.counts[kind] > 0)
    .sort((a, b) => tally.counts[b] - tally.counts[a])
    .slice(0, max);
}
