import multipart from "@fastify/multipart";
import { AppError, endpoints, KYB_DOCUMENT_MAX_BYTES, messages } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../../lib/route";
import { sendPrivateFile } from "../private-file";
import { receiveDocument } from "./documents";

/**
 * Business verification, KYB (issue 14): rows of contract/endpoints/kyb.ts; the rules are in
 * service.ts. Directors answer through the company-invitation routes (teams/routes.ts).
 */
export const kybRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.kyb;
  const service = () => app.kyb;

  await app.register(multipart, {
    limits: { files: 1, fields: 2, fieldSize: 1000, parts: 3, fileSize: KYB_DOCUMENT_MAX_BYTES + 1 },
  });

  route(app, table.latest, async ({ actor }) => ({ data: await service().latest(actor) }));

  route(app, table.create, async ({ actor, reply }) => {
    const { created, transaction } = await service().create(actor);
    return reply.status(created ? 201 : 200).send({ data: transaction });
  });

  route(app, table.companyDetails, async ({ actor, body }) => ({
    data: await service().updateDetails(actor, body),
  }));

  route(app, table.uploadDocument, async ({ actor, request, reply }) => {
    if (!request.isMultipart()) throw new AppError("request_unsupportedMediaType");
    const part = await request.file();
    if (!part) {
      throw new AppError("request_validationFailed", {
        details: [{ path: "file", message: messages.fieldRequired }],
      });
    }
    const document = await receiveDocument(part);
    return reply.status(201).send({ data: await service().addDocument(actor, document) });
  });

  route(app, table.readDocument, async ({ actor, params, reply }) => {
    const { row, bytes } = await service().readDocument(actor, params.id);
    return sendPrivateFile(reply, row, bytes);
  });

  route(app, table.removeDocument, async ({ actor, params, reply }) => {
    await service().removeDocument(actor, params.id);
    return reply.status(204).send(null);
  });

  route(app, table.inviteDirector, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await service().inviteDirector(actor, body) }),
  );

  route(app, table.cancelDirectorInvite, async ({ actor, body }) => ({
    data: await service().cancelDirector(actor, body.inviteId),
  }));

  route(app, table.submit, async ({ actor, reply }) =>
    reply.status(202).send({ data: await service().submit(actor) }),
  );

  // Staff -----------------------------------------------------------------------------------------

  route(app, table.staffQueue, async () => ({ data: await service().staffQueue() }));

  route(app, table.staffDocument, async ({ params, reply }) => {
    const { row, bytes } = await service().readDocument(null, params.id);
    return sendPrivateFile(reply, row, bytes);
  });

  route(app, table.staffDecide, async ({ actor, params, body }) => ({
    data: await service().staffDecide(actor, params.id, body),
  }));
};

/**
 * The registry's webhook, in a scope of its own: its JSON arrives as the raw text the signature
 * covers.
 */
export const kybWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  route(app, endpoints.kyb.webhook, async ({ params, request }) => {
    const provider = app.deps.kyb;
    if (params.provider !== provider.name) throw new AppError("kybTransaction_notFound");
    const raw = typeof request.body === "string" ? request.body : "";
    const event = await provider.readWebhook(raw, request.headers);
    await app.kyb.applyRegistryEvent(provider.name, event);
    return { data: { received: true as const } };
  });
};
