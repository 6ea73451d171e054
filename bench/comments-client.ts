import { io, type Socket } from "socket.io-client";

/**
 * One client process of the live-comments benchmark (comments.bench.ts forks two, so parsing a
 * thousand frames per comment is not one thread's queue). Driven over the IPC channel:
 *   parent → { type: "open", room, sockets: [{ url, token|null }] }   → { type: "opened" }
 *   parent → { type: "expect", body, audience: "all" | "members" }    → { type: "done", body }
 *            once every socket of that audience here heard the comment
 *   parent → { type: "report" } → { type: "report", receipts }          then it closes its sockets.
 * A receipt is stamped on arrival with the wall clock shared by the machine's processes
 * (performance.timeOrigin + performance.now()).
 */
export type ToClient =
  | { type: "open"; room: object; sockets: Array<{ url: string; token: string | null }> }
  | { type: "expect"; body: string; audience: "all" | "members" }
  | { type: "report" };
export type FromClient =
  | { type: "opened" }
  | { type: "failed"; message: string }
  | { type: "done"; body: string }
  | { type: "report"; receipts: Receipt[] };
export interface Receipt {
  body: string;
  /** The comment's id, to match the servers' timing lines. */
  id: string;
  at: number;
  signedIn: boolean;
}

const send = (message: FromClient) => process.send!(message);
const sockets: Socket[] = [];
const receipts: Receipt[] = [];
/** Receipts so far per body, by audience. */
const heard = new Map<string, { all: number; members: number }>();
let expected: { body: string; audience: "all" | "members"; count: number } | null = null;

function checkDone() {
  if (!expected) return;
  const counts = heard.get(expected.body);
  if ((counts?.[expected.audience] ?? 0) >= expected.count) {
    send({ type: "done", body: expected.body });
    expected = null;
  }
}

async function open(room: object, list: Array<{ url: string; token: string | null }>) {
  for (let start = 0; start < list.length; start += 50) {
    await Promise.all(
      list.slice(start, start + 50).map(async ({ url, token }) => {
        const socket = io(url, {
          transports: ["websocket"],
          reconnection: false,
          timeout: 20_000,
          forceNew: true,
          ...(token ? { auth: { token } } : {}),
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        const ack = (await socket.timeout(20_000).emitWithAck("join-content-room", room)) as { ok: boolean };
        if (!ack.ok) throw new Error(`join failed: ${JSON.stringify(ack)}`);
        const signedIn = token !== null;
        socket.on("comments.created", (event: { comment: { id: string; body: string } }) => {
          const at = performance.timeOrigin + performance.now();
          receipts.push({ body: event.comment.body, id: event.comment.id, at, signedIn });
          const counts = heard.get(event.comment.body) ?? { all: 0, members: 0 };
          counts.all++;
          if (signedIn) counts.members++;
          heard.set(event.comment.body, counts);
          if (expected?.body === event.comment.body) checkDone();
        });
      }),
    );
  }
}

let members = 0;
process.on("message", (message: ToClient) => {
  if (message.type === "open") {
    members = message.sockets.filter((s) => s.token !== null).length;
    open(message.room, message.sockets).then(
      () => send({ type: "opened" }),
      (err: Error) => send({ type: "failed", message: err.message }),
    );
  } else if (message.type === "expect") {
    const count = message.audience === "all" ? sockets.length : members;
    expected = { body: message.body, audience: message.audience, count };
    checkDone();
  } else {
    // The parent ends this process once it has the report.
    send({ type: "report", receipts });
    for (const socket of sockets) socket.close();
  }
});
