import {
  MESSAGE_POLICY_DEFAULT,
  type MessagePolicy,
  type MessagingSettings,
  type SessionActor,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messagingSettings } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";

/** "Who can message me" and the daily digest of the acting profile (defaults until it chooses). */
export async function getSettings(db: Db, actor: SessionActor): Promise<MessagingSettings> {
  const profileId = actingProfileId(actor);
  const [row] = await db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.profileId, profileId))
    .limit(1);
  return {
    messagePolicy: (row?.messagePolicy as MessagePolicy | undefined) ?? MESSAGE_POLICY_DEFAULT,
    chatDigest: row?.chatDigest ?? false,
  };
}

export async function updateSettings(
  db: Db,
  actor: SessionActor,
  patch: Partial<MessagingSettings>,
): Promise<MessagingSettings> {
  const profileId = actingProfileId(actor);
  const next = { ...(await getSettings(db, actor)), ...patch };
  await db
    .insert(messagingSettings)
    .values({ profileId, messagePolicy: next.messagePolicy, chatDigest: next.chatDigest })
    .onConflictDoUpdate({
      target: messagingSettings.profileId,
      set: { messagePolicy: next.messagePolicy, chatDigest: next.chatDigest },
    });
  return next;
}
