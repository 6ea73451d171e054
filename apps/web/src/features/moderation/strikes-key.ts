import { api } from "@/lib/api-client";

/**
 * The SWR key of the signed-in person's strikes (per person: switching accounts never mixes them).
 * Apart from StrikesView so a removed publication's notice shares the key without the strikes page.
 */
export function strikesKey(userId: string) {
  return [api.moderation.strikes.path(), userId] as const;
}
