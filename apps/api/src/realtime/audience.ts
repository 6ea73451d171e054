import { profileRoomName } from "@vn/contract";
import type { Db } from "../db/client";
import { effectivePrivacy, mayView, VISITOR, viewersOfProfiles } from "../shared/profile-view";
import type { RealtimeServer, RoomAudience } from "../shared/realtime";
import { actingProfileOf, VISITORS_ROOM } from "./rooms";

/**
 * Sends one event to the sockets of a content room that may hear it (RoomAudience), as ONE
 * broadcast: socket.io encodes a broadcast once and writes the same websocket frame to each of its
 * sockets (and the Redis adapter publishes it once for all nodes), where an emit per socket encodes
 * per socket and, for a socket on another node, publishes per socket. The payload is the same for
 * every viewer (comments carry no viewer-specific fields); only who hears it differs, so who hears
 * it is expressed as rooms:
 * - sockets of profiles in a block with the author or the owner: their profile rooms are excepted;
 * - an author everyone may see (public_verified): the whole room;
 * - base_privacy (members): the room except VISITORS_ROOM, which every socket acting as no profile
 *   sits in (realtime/index.ts keeps it beside the profile room) — exactly mayView's rule, with no
 *   lookup per event;
 * - verified_privacy: whether a member may see depends on its acting profile's verification and
 *   staff rights, read fresh: the room's signed-in sockets (on every node) are fetched, their
 *   acting profiles read in one query, and the event goes to the allowed sockets' own rooms in one
 *   broadcast.
 */
export async function emitToAudience(
  io: RealtimeServer,
  db: Db,
  room: string,
  event: string,
  payload: unknown,
  audience: RoomAudience = {},
): Promise<void> {
  const except = [...(audience.exceptProfiles ?? [])].map(profileRoomName);
  const author = audience.visibleAs;
  const level = author ? effectivePrivacy(author) : "public_verified";
  if (level !== "public_verified") except.push(VISITORS_ROOM);
  if (!author || level !== "verified_privacy") {
    send(io.to(room).except(except), event, payload);
    return;
  }
  const sockets = await io.in(room).except(except).fetchSockets();
  const acting = sockets.map((socket) => actingProfileOf(socket.rooms));
  const viewers = await viewersOfProfiles(
    db,
    acting.filter((id): id is string => id !== null),
  );
  const allowed = sockets
    .filter((_, index) => {
      const id = acting[index] ?? null;
      return mayView(author, (id && viewers.get(id)) || VISITOR);
    })
    .map((socket) => socket.id);
  if (allowed.length > 0) send(io.to(allowed), event, payload);
}

/** Typed emit through a broadcast operator loses the event ↔ payload link for a generic event. */
function send(target: unknown, event: string, payload: unknown): void {
  (target as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
}
