import type { AckResult, ContentRoomRef } from "@vn/contract";
import { type AppSocket, emitWithAck } from "@/lib/socket";
import { ContentRooms } from "./content-rooms";

/** The rooms of the one shared socket; a new socket (after a release) starts with none. */
let rooms = new ContentRooms();
let roomsOf: AppSocket | null = null;

function roomsFor(socket: AppSocket): ContentRooms {
  if (roomsOf !== socket) {
    rooms = new ContentRooms();
    roomsOf = socket;
    // A reconnect (on a user action) gets a fresh server-side socket: join the kept rooms again.
    socket.on("connect", () => {
      for (const ref of rooms.list())
        void emitWithAck(socket, "join-content-room", ref).catch(() => undefined);
    });
  }
  return rooms;
}

/** Joins an item's room (with its ack); the sixth room evicts and leaves the oldest (§4). */
export async function joinContentRoom(socket: AppSocket, ref: ContentRoomRef): Promise<void> {
  const set = roomsFor(socket);
  const already = set.has(ref);
  for (const evicted of set.use(ref)) {
    void emitWithAck(socket, "leave-content-room", evicted).catch(() => undefined);
  }
  if (already) return;
  const result = await emitWithAck<AckResult<{ room: string }>>(socket, "join-content-room", ref);
  // Refused (item gone, too many rooms): forget it, so the next open asks again.
  if (!result.ok) set.remove(ref);
}
