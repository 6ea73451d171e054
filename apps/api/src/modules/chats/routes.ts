import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { accessTo } from "./access";
import { getChat, startDirect } from "./conversations";
import type { ChatDeps } from "./deps";
import { addMembers, createGroup, leaveGroup, removeMember, renameGroup } from "./groups";
import { listChats, unreadCounts } from "./inbox";
import { deleteMessage, editMessage, listMessages, markRead, sendMessage, typing } from "./messages";
import { missedSince } from "./missed";
import { addNote, assign, listNotes } from "./notes";
import { reportMessage } from "./reports";
import { answerRequest } from "./requests";
import { getSettings, updateSettings } from "./settings";

/**
 * The messenger (issue 15): handlers for the rows of contract/endpoints/chats.ts. Every change is
 * also sent live to the members' profile rooms (chats.messages.created, chats.updated, chats.read).
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.chats;
  const db = () => app.deps.database.db;
  const deps = (): ChatDeps => ({
    db: db(),
    realtime: app.deps.realtime,
    jobs: app.deps.jobs,
    log: app.log,
    counters: app.counters,
    storage: app.deps.storage,
  });

  route(app, table.list, async ({ actor, query }) => {
    const page = await listChats(db(), actor, query);
    return { data: page.items, meta: { nextCursor: page.nextCursor, perPage: query.perPage } };
  });
  route(app, table.start, async ({ actor, body, reply }) => {
    const { chat, created } = await startDirect(deps(), actor, body.with);
    return reply.status(created ? 201 : 200).send({ data: chat });
  });
  route(app, table.createGroup, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await createGroup(deps(), actor, body) }),
  );
  route(app, table.unread, async ({ actor }) => ({ data: await unreadCounts(db(), actor) }));
  route(app, table.missed, async ({ actor, query }) => ({
    data: await missedSince(db(), actor, query.after),
  }));
  route(app, table.settings, async ({ actor }) => ({ data: await getSettings(db(), actor) }));
  route(app, table.updateSettings, async ({ actor, body }) => ({
    data: await updateSettings(db(), actor, body),
  }));
  route(app, table.access, async ({ actor, params }) => ({ data: await accessTo(db(), actor, params.slug) }));
  route(app, table.get, async ({ actor, params }) => ({ data: await getChat(db(), actor, params.id) }));
  route(app, table.rename, async ({ actor, params, body }) => ({
    data: await renameGroup(deps(), actor, params.id, body.title),
  }));
  route(app, table.messages, async ({ actor, params, query }) => {
    const page = await listMessages(db(), actor, params.id, query);
    return { data: page.items, meta: { hasOlder: page.hasOlder, hasNewer: page.hasNewer } };
  });
  route(app, table.send, async ({ actor, params, body, reply }) => {
    const { message, created } = await sendMessage(deps(), actor, params.id, body);
    return reply.status(created ? 201 : 200).send({ data: message });
  });
  route(app, table.edit, async ({ actor, params, body }) => ({
    data: await editMessage(deps(), actor, params.id, params.messageId, body.body),
  }));
  route(app, table.remove, async ({ actor, params }) => ({
    data: await deleteMessage(deps(), actor, params.id, params.messageId),
  }));
  route(app, table.report, async ({ actor, params, body, reply }) => {
    await reportMessage(db(), actor, params.id, params.messageId, body);
    return reply.status(204).send(null);
  });
  route(app, table.read, async ({ actor, params, body }) => ({
    data: await markRead(deps(), actor, params.id, body.seq),
  }));
  route(app, table.typing, async ({ actor, params, reply }) => {
    await typing(deps(), actor, params.id);
    return reply.status(204).send(null);
  });
  route(app, table.answer, async ({ actor, params, body, reply }) => {
    const chat = await answerRequest(deps(), actor, params.id, body.answer);
    return chat ? { data: chat } : reply.status(204).send(null);
  });
  route(app, table.addMembers, async ({ actor, params, body }) => ({
    data: await addMembers(deps(), actor, params.id, body.members),
  }));
  route(app, table.removeMember, async ({ actor, params }) => ({
    data: await removeMember(deps(), actor, params.id, params.profileId),
  }));
  route(app, table.leave, async ({ actor, params }) => ({
    data: await leaveGroup(deps(), actor, params.id),
  }));
  route(app, table.assign, async ({ actor, params, body }) => ({
    data: await assign(deps(), actor, params.id, body.userId),
  }));
  route(app, table.notes, async ({ actor, params }) => ({ data: await listNotes(db(), actor, params.id) }));
  route(app, table.addNote, async ({ actor, params, body, reply }) =>
    reply.status(201).send({ data: await addNote(deps(), actor, params.id, body.body) }),
  );
};
