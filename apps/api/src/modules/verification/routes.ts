import multipart, { type MultipartFile } from "@fastify/multipart";
import {
  AppError,
  endpoints,
  type IdvCaptureSide,
  IMAGE_MAX_BYTES,
  idvCaptureSides,
  idvDocumentTypeInfo,
  idvDocumentTypes,
  messages,
} from "@vn/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { route } from "../../lib/route";
import { SandboxIdentityVendor } from "../../providers/identity/sandbox";
import { receiveDocumentImage } from "./images";
import { sendPrivateFile } from "./private-file";

/** The one image part of a multipart request, with the fields sent before it. */
async function imagePart(
  request: FastifyRequest,
): Promise<{ part: MultipartFile; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError("request_unsupportedMediaType");
  const part = await request.file();
  if (!part) {
    throw new AppError("request_validationFailed", {
      details: [{ path: "file", message: messages.fieldRequired }],
    });
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === "field" && typeof value.value === "string") fields[name] = value.value;
  }
  return { part, fields };
}

/**
 * Identity verification (issue 12): the person's steps, the staff decisions, and — while
 * IDV_PROVIDER is the sandbox — the sandbox vendor's hosted capture calls behind /jumio. Rows of
 * contract/endpoints/verification.ts; the rules are in service.ts.
 */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.verification;
  const service = () => app.verification;
  const tools = () => ({ ffmpegPath: app.deps.config.FFMPEG_PATH });

  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1000, parts: 6, fileSize: IMAGE_MAX_BYTES + 1 },
  });

  route(app, table.state, async ({ actor }) => ({ data: await service().state(actor.userId) }));

  route(app, table.start, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await service().start(actor, body.country) }),
  );

  route(app, table.uploadDocument, async ({ actor, request, reply }) => {
    const { part } = await imagePart(request);
    const image = await receiveDocumentImage(part, tools());
    return reply.status(201).send({ data: await service().addDocument(actor, image) });
  });

  route(app, table.removeDocument, async ({ actor, params, reply }) => {
    await service().removeDocument(actor, params.documentId);
    return reply.status(204).send(null);
  });

  route(app, table.submitDocuments, async ({ actor, reply }) =>
    reply.status(202).send({ data: await service().submitDocuments(actor) }),
  );

  route(app, table.appeal, async ({ actor, body, reply }) =>
    reply.status(201).send({ data: await service().appeal(actor, body.message) }),
  );

  // Staff -----------------------------------------------------------------------------------------

  route(app, table.staffQueue, async ({ actor }) => ({ data: await service().queue(actor) }));

  route(app, table.staffDocument, async ({ actor, params, reply }) => {
    const { row, bytes } = await service().readDocument(actor, params.documentId);
    return sendPrivateFile(reply, { mime: row.mime }, bytes);
  });

  route(app, table.staffDecideTransaction, async ({ actor, params, body }) => ({
    data: await service().decideTransaction(actor, params.id, body),
  }));

  route(app, table.staffDecideAppeal, async ({ actor, params, body }) => ({
    data: await service().decideAppeal(actor, params.id, body),
  }));

  // The sandbox vendor's hosted capture page ------------------------------------------------------

  const sandbox = (): SandboxIdentityVendor => {
    const provider = app.deps.identity;
    if (!(provider instanceof SandboxIdentityVendor)) throw new AppError("verification_notFound");
    return provider;
  };

  route(app, table.captureSession, async ({ params }) => {
    const vendor = sandbox();
    const session = await vendor.sessionByToken(params.token);
    const open = vendor.isOpen(session);
    return {
      data: {
        status: open
          ? ("open" as const)
          : session.status === "open"
            ? ("expired" as const)
            : ("submitted" as const),
        country: session.country,
        documentTypes: [...idvDocumentTypes],
        images: await service().captureSides(session.reference),
        returnUrl: session.returnUrl,
        expiresAt: session.expiresAt.toISOString(),
      },
    };
  });

  route(app, table.captureImage, async ({ params, request, reply }) => {
    const vendor = sandbox();
    const session = await vendor.sessionByToken(params.token);
    if (!vendor.isOpen(session)) throw new AppError("verification_sessionExpired");
    const { part, fields } = await imagePart(request);
    const side = fields.side as IdvCaptureSide;
    if (!idvCaptureSides.includes(side)) {
      part.file.resume();
      throw new AppError("request_validationFailed", {
        details: [{ path: "side", message: messages.fieldRequired }],
      });
    }
    const image = await receiveDocumentImage(part, tools());
    await service().storeImage(session.reference, side, image);
    return reply.status(201).send({ data: { side, width: image.width, height: image.height } });
  });

  route(app, table.captureSubmit, async ({ params, body, reply }) => {
    const vendor = sandbox();
    const session = await vendor.sessionByToken(params.token);
    if (!vendor.isOpen(session)) throw new AppError("verification_sessionExpired");
    const sides = await service().captureSides(session.reference);
    const needsBack = idvDocumentTypeInfo[body.documentType].backSide;
    if (!sides.front || !sides.selfie || (needsBack && !sides.back)) {
      throw new AppError("verification_captureIncomplete", { details: { images: sides } });
    }
    const submitted = await vendor.submit(params.token, body);
    return reply.status(202).send({ data: { returnUrl: submitted.returnUrl } });
  });
};

/**
 * The vendor's webhook, in a scope of its own: its JSON arrives as the raw text the signature
 * covers (no other route takes a body this way).
 */
export const identityWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  route(app, endpoints.verification.webhook, async ({ params, request }) => {
    const provider = app.deps.identity;
    if (params.provider !== provider.name) throw new AppError("verification_notFound");
    const raw = typeof request.body === "string" ? request.body : "";
    const event = await provider.readWebhook(raw, request.headers);
    await app.verification.applyVendorEvent(provider.name, event);
    return { data: { received: true as const } };
  });
};
