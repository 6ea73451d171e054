import {
  type CompanyMemberRole,
  permissionsForRole,
  profileRoomName,
  type ServerEventName,
} from "@vn/contract";
import { and, eq, inArray } from "drizzle-orm";
import { companyMembers, profiles } from "../../db/schema/index";
import type { ServerEventPayload } from "../../shared/realtime";
import type { ChatDeps } from "./deps";

/**
 * Live events to members (§7 chats.*): each goes to the profile room of one member. A person's
 * room is theirs alone; a company's room holds every socket acting as the company, and only the
 * sockets of members whose role holds the `chats` scope hear its conversations (decision 0021).
 * The role is read from the team now, not from the socket's handshake, so a changed role counts.
 * A failure is logged: the write it tells of has committed.
 */
export async function tellProfiles<E extends ServerEventName>(
  deps: ChatDeps,
  event: E,
  payloads: Map<string, ServerEventPayload<E>>,
  /** The receivers' profiles when the caller has them already (their type is all it needs). */
  known?: ReadonlyMap<string, { type: string }>,
): Promise<void> {
  const realtime = deps.realtime;
  if (!realtime || payloads.size === 0) return;
  try {
    const ids = [...payloads.keys()];
    const companies = ids.every((id) => known?.has(id))
      ? new Set(ids.filter((id) => known?.get(id)?.type === "company"))
      : new Set(
          (
            await deps.db
              .select({ id: profiles.id })
              .from(profiles)
              .where(and(inArray(profiles.id, ids), eq(profiles.type, "company")))
          ).map((r) => r.id),
        );
    for (const [profileId, payload] of payloads) {
      if (!companies.has(profileId)) {
        realtime.emitToProfile(profileId, event, payload);
        continue;
      }
      const sockets = await realtime.io.in(profileRoomName(profileId)).fetchSockets();
      if (sockets.length === 0) continue;
      const userIds = [...new Set(sockets.flatMap((s) => (s.data.actor ? [s.data.actor.userId] : [])))];
      const roles = userIds.length
        ? await deps.db
            .select({ userId: companyMembers.userId, role: companyMembers.role })
            .from(companyMembers)
            .where(and(eq(companyMembers.companyId, profileId), inArray(companyMembers.userId, userIds)))
        : [];
      const allowed = new Set(
        roles
          .filter((r) => permissionsForRole(r.role as CompanyMemberRole).chats !== "none")
          .map((r) => r.userId),
      );
      for (const socket of sockets) {
        const userId = socket.data.actor?.userId;
        if (userId && allowed.has(userId)) {
          (socket as unknown as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
        }
      }
    }
  } catch (err) {
    deps.log?.error({ err, module: "chats", event }, "chats: could not tell the members");
  }
}
