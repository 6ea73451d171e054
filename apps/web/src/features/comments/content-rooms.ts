import { COMMENT_ROOMS_MAX, type ContentRoomRef, contentRoomName } from "@vn/contract";

/**
 * The content rooms this browser is in (spec §4, §9): at most COMMENT_ROOMS_MAX at once; joining
 * a sixth evicts the one used longest ago, which the caller then leaves on the socket.
 */
export class ContentRooms {
  /** Room name → ref, oldest use first (a Map keeps insertion order). */
  private readonly rooms = new Map<string, ContentRoomRef>();
  constructor(private readonly max = COMMENT_ROOMS_MAX) {}

  /** Marks the room used; returns the rooms to leave (the evicted oldest), possibly none. */
  use(ref: ContentRoomRef): ContentRoomRef[] {
    const name = contentRoomName(ref);
    this.rooms.delete(name);
    this.rooms.set(name, ref);
    const evicted: ContentRoomRef[] = [];
    for (const [key, value] of this.rooms) {
      if (this.rooms.size <= this.max) break;
      this.rooms.delete(key);
      evicted.push(value);
    }
    return evicted;
  }

  remove(ref: ContentRoomRef): boolean {
    return this.rooms.delete(contentRoomName(ref));
  }

  has(ref: ContentRoomRef): boolean {
    return this.rooms.has(contentRoomName(ref));
  }

  list(): ContentRoomRef[] {
    return [...this.rooms.values()];
  }

  clear(): void {
    this.rooms.clear();
  }
}
