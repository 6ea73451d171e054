import { healthSchema, readySchema } from "../schemas/common";
import { endpoint } from "./define";

const tags = ["health"];

/** Liveness and readiness. Public; exempt from rate limits because balancers poll them. */
export const healthEndpoints = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    tags,
    summary: "Liveness",
    responses: { 200: healthSchema },
    policy: { who: "anyone", rateLimit: false },
  }),
  ready: endpoint({
    method: "GET",
    path: "/api/ready",
    tags,
    summary: "Readiness: the database answers",
    responses: { 200: readySchema, 503: readySchema },
    policy: { who: "anyone", rateLimit: false },
  }),
};
