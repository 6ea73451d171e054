import {
  FEEDBACK_PER_HOUR,
  feedbackRequestSchema,
  formReceiptResponseSchema,
  REPORT_PER_HOUR,
  reportRequestSchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { perAccount } from "../social/rate-limits";
import { submitFeedback, submitReport } from "./service";

const tags = ["forms"];

/**
 * The report and feedback forms (spec §2 global overlays, §3 forms), on API v1. Limits are per
 * account (product decisions): reports 10 an hour (report_tooMany), feedback 3 an hour
 * (feedback_tooMany, the feedback rate-limit message of §8).
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.post(
    "/reports",
    {
      config: { access: "active", rateLimit: perAccount(REPORT_PER_HOUR, "hour", "report_tooMany") },
      schema: {
        tags,
        summary: "Report a publication, comment or profile for moderation",
        body: reportRequestSchema,
        response: { 201: formReceiptResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await submitReport(db(), request.principal!, request.body) }),
  );

  app.post(
    "/feedback",
    {
      config: { access: "session", rateLimit: perAccount(FEEDBACK_PER_HOUR, "hour", "feedback_tooMany") },
      schema: {
        tags,
        summary: "Send feedback: a rating (1–5) and a message",
        body: feedbackRequestSchema,
        response: { 201: formReceiptResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await submitFeedback(db(), request.principal!, request.body, request.headers["user-agent"]),
      }),
  );
};
