import { z } from "zod";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import { reactionKinds } from "../enums";
import { userText } from "./common";
import { contentItemSchema } from "./content";
import { profileBadgeSchema } from "./profiles";

/**
 * The social layer (spec §1 "Social features"; issue 6): follows, blocks and mutes, the home feed,
 * suggested profiles, reactions and views. Lists that grow without bound page by keyset cursor
 * (an opaque string from `meta.nextCursor`), never by offset.
 */

/** Suggestions shown at once on the home route; the page asks for more with `limit`. */
export const SUGGESTIONS_DEFAULT = 10;
export const SUGGESTIONS_MAX = 50;
/** The home feed's page size when the client does not say (infinite scroll, §9 per-page default). */
export const FEED_PER_PAGE_DEFAULT = 10;

/** A profile as lists show it: followers, following, suggestions, who reacted, search results. */
export const profileCardSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    type: z.enum(["user", "company"]),
    profession: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    verificationStatus: z.string(),
    image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
    followersCount: z.number(),
    /** The viewer follows this profile (false for visitors and for oneself). */
    followed: z.boolean(),
    badge: profileBadgeSchema,
  })
  .meta({ id: "ProfileCard" });
export type ProfileCard = z.infer<typeof profileCardSchema>;

/**
 * `:slug` of a profile in the social routes (follow, block, mute, lists): looser than the common
 * handle bound; the services find it case-insensitively and answer 404 for a missing one.
 */
export const socialSlugParamsSchema = z.object({ slug: userText().min(1).max(254) });

export const cursorQuerySchema = z.object({
  cursor: userText().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});

export const cursorMetaSchema = z.object({
  perPage: z.number(),
  nextCursor: z.string().nullable(),
});

// Follows, blocks, mutes ------------------------------------------------------------------------

/** The answer of follow/unfollow: the new state and the followee's count, for the button and badge. */
export const followStateSchema = z.object({
  followed: z.boolean(),
  followersCount: z.number(),
});
export const followStateResponseSchema = z.object({ data: followStateSchema });

/** How the viewer and one profile stand (the profile header's buttons). */
export const relationshipSchema = z
  .object({
    followed: z.boolean(),
    followsYou: z.boolean(),
    blocked: z.boolean(),
    muted: z.boolean(),
    isSelf: z.boolean(),
  })
  .meta({ id: "Relationship" });
export const relationshipResponseSchema = z.object({ data: relationshipSchema });

export const profileListResponseSchema = z.object({
  data: z.array(profileCardSchema),
  meta: cursorMetaSchema.extend({ total: z.number() }),
});

// Home feed and suggestions ---------------------------------------------------------------------

export const feedQuerySchema = z.object({
  cursor: userText().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(FEED_PER_PAGE_DEFAULT),
});
export const feedResponseSchema = z.object({
  data: z.array(contentItemSchema),
  meta: cursorMetaSchema.extend({
    /** The viewer's own reaction per listed item (absent = none), for the reaction buttons. */
    viewerReactions: z.record(z.string(), z.enum(reactionKinds)),
  }),
});

export const suggestionReasons = ["sharedFollows", "colleague", "sameCity", "sameProfession"] as const;
export type SuggestionReason = (typeof suggestionReasons)[number];
export const suggestionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX).default(SUGGESTIONS_DEFAULT),
});
export const suggestionSchema = z
  .object({
    profile: profileCardSchema,
    reasons: z.array(z.enum(suggestionReasons)),
    /** How many profiles the viewer follows also follow this one. */
    sharedFollowsCount: z.number(),
  })
  .meta({ id: "Suggestion" });
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponseSchema = z.object({ data: z.array(suggestionSchema) });

// Reactions and views ---------------------------------------------------------------------------

export const reactionRequestSchema = z.object({ kind: z.enum(reactionKinds) });
export const reactionSummarySchema = z
  .object({
    /** Count per kind; kinds nobody chose are 0. */
    counts: z.record(z.enum(reactionKinds), z.number()),
    total: z.number(),
    mine: z.enum(reactionKinds).nullable(),
  })
  .meta({ id: "ReactionSummary" });
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;
export const reactionSummaryResponseSchema = z.object({ data: reactionSummarySchema });

export const reactionListQuerySchema = cursorQuerySchema.extend({ kind: z.enum(reactionKinds).optional() });
export const reactionListResponseSchema = z.object({
  data: z.array(z.object({ profile: profileCardSchema, kind: z.enum(reactionKinds), createdAt: z.string() })),
  meta: cursorMetaSchema.extend({ summary: reactionSummarySchema }),
});

/** The viewer's reactions on a set of items (profile lists, search results): id → kind. */
export const viewerReactionsQuerySchema = z.object({
  ids: userText()
    .max(100 * 40)
    .transform((raw) => raw.split(",").filter(Boolean))
    .pipe(z.array(z.string().min(1).max(100)).max(100)),
});
export const viewerReactionsResponseSchema = z.object({
  data: z.record(z.string(), z.enum(reactionKinds)),
});

export const viewResponseSchema = z.object({
  data: z.object({ counted: z.boolean(), view: z.number() }),
});
