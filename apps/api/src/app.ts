import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { BODY_LIMIT_BYTES } from "@vn/contract";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import type { Jobs } from "./jobs/index";
import { loggerOptions, requestId } from "./lib/logger";
import { createRedis, type RedisConnections } from "./lib/redis";
import { version } from "./lib/version";
import { type Auth, createAuth } from "./modules/accounts/auth";
import { authRoutes } from "./modules/accounts/auth-routes";
import { handleRoutes } from "./modules/accounts/handles-routes";
import { inviteRoutes } from "./modules/accounts/invites-routes";
import { OneTimeCodes } from "./modules/accounts/one-time-codes";
import { accountRoutes } from "./modules/accounts/routes";
import { commentRoutes } from "./modules/comments/routes";
import { companyRoutes } from "./modules/companies/routes";
import { contentReadRoutes, contentWriteRoutes } from "./modules/content/routes";
import { formRoutes } from "./modules/forms/routes";
import { healthRoutes } from "./modules/health/routes";
import { mediaRoutes, mediaServeRoutes } from "./modules/media/routes";
import { configureMediaUrls } from "./modules/media/serialize";
import { MediaService } from "./modules/media/service";
import { notificationRoutes } from "./modules/notifications/routes";
import { profileRoutes } from "./modules/profiles/routes";
import { searchRoutes } from "./modules/search/routes";
import { socialRoutes } from "./modules/social/routes";
import { registerAccess } from "./plugins/access";
import { registerErrorHandling } from "./plugins/error-handler";
import { registerRateLimit } from "./plugins/rate-limit";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { createMailProvider, type MailProvider } from "./providers/mail/index";
import { outboxRoutes } from "./providers/outbox-routes";
import { createSmsProvider, type SmsProvider } from "./providers/sms/index";
import { createStorage, type StorageProvider } from "./providers/storage/index";
import type { Realtime } from "./realtime/index";

export interface AppDeps {
  config: Config;
  database: Database;
  redis?: RedisConnections;
  /**
   * Work to stop before Redis and the database close, in order (job runner, then the like).
   * Filled after build, so server.ts can add the jobs it starts late.
   */
  beforeClose: Array<() => Promise<void>>;
  /** The socket hub, once server.ts (or a test) attaches it; services emit through it. */
  realtime?: Realtime;
  /** The job runner, on nodes that run one; services enqueue through it. */
  jobs?: Jobs;
  /** Mail: SMTP when SMTP_URL is set, else the dev outbox. */
  mail: MailProvider;
  sms: SmsProvider;
  /** better-auth (modules/accounts/auth.ts), mounted at /api/auth. */
  auth: Auth;
  /** One-time codes of our own flows (access change). */
  codes: OneTimeCodes;
  /** Media bytes: disk under MEDIA_DIR, or S3 (providers/storage). */
  storage: StorageProvider;
}

export type App = FastifyInstance & { deps: AppDeps };

export interface BuildOptions extends Partial<Omit<AppDeps, "config" | "beforeClose" | "auth" | "codes">> {
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the API without listening: server.ts listens, tests call inject() or listen on port 0.
 * When no database is given one is opened from config (and closed with the app).
 */
export async function buildApp(config: Config, given: BuildOptions = {}): Promise<App> {
  const ownsDatabase = !given.database;
  const database =
    given.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` }));
  if (ownsDatabase) await database.migrate();
  const ownsRedis = !given.redis && Boolean(config.REDIS_URL);
  const redis = given.redis ?? (config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined);
  const mail = given.mail ?? createMailProvider(config, database.db);
  const sms = given.sms ?? createSmsProvider(config, database.db);

  const app = Fastify({
    logger: given.logStream ? { ...loggerOptions(config), stream: given.logStream } : loggerOptions(config),
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: !config.LOG_REQUESTS }),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    // Keep-alive sockets must not hold a SIGTERM'd node open forever.
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>();
  const deps: AppDeps = {
    config,
    database,
    redis,
    beforeClose: [],
    mail,
    sms,
    codes: new OneTimeCodes(database.db, config.AUTH_SECRET),
    storage: given.storage ?? createStorage(config),
    auth: createAuth({
      config,
      db: database.db,
      mail,
      log: app.log,
      onSessionsEnded: (ids) => {
        for (const id of ids) deps.realtime?.disconnectSession(id);
      },
    }),
  };
  app.decorate("deps", deps);
  configureMediaUrls({
    publicOrigin: config.MEDIA_PUBLIC_ORIGIN ?? config.API_ORIGIN,
    apiOrigin: config.API_ORIGIN,
  });
  app.decorate(
    "media",
    new MediaService({
      db: database.db,
      config,
      storage: deps.storage,
      log: app.log,
      realtime: () => deps.realtime,
      jobs: () => deps.jobs,
    }),
  );
  const routeList: Array<{ method: string; url: string }> = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  registerAccess(app);
  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: [config.WEB_ORIGIN],
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposedHeaders: [
      "content-range",
      "accept-ranges",
      "content-length",
      "x-request-id",
      "retry-after",
      "set-auth-token",
    ],
    maxAge: 600,
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await registerRateLimit(app, config, redis);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Verified Network API",
        version,
        description:
          "REST API of the verified social and publishing network. Bearer or cookie session auth; every failure answers `{error:{code,message,details}}`.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          cookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(authRoutes, { prefix: "/api/auth" });
  if (!config.SMTP_URL && config.NODE_ENV !== "production")
    await app.register(outboxRoutes, { prefix: "/api/dev" });
  // Versioned domain routes register under both base paths (§7); v2 carries the content API.
  for (const prefix of ["/api/v1", "/api/v2"]) {
    await app.register(handleRoutes, { prefix });
    await app.register(accountRoutes, { prefix });
    await app.register(inviteRoutes, { prefix });
    await app.register(companyRoutes, { prefix });
  }
  // Publications: reads on v2 (the §7 content API), writes on v1.
  await app.register(contentReadRoutes, { prefix: "/api/v2" });
  await app.register(profileRoutes, { prefix: "/api/v2" });
  await app.register(contentWriteRoutes, { prefix: "/api/v1" });
  // The social layer (issue 6) on v1 only: its per-account limits count per route, so one base
  // path keeps one budget. Follows, feed, reactions, comments, search, notifications, forms.
  for (const routes of [socialRoutes, commentRoutes, searchRoutes, notificationRoutes, formRoutes]) {
    await app.register(routes, { prefix: "/api/v1" });
  }
  await app.register(mediaRoutes, { prefix: "/api/v1" });
  await app.register(mediaServeRoutes, { prefix: "/api/media" });

  app.addHook("onClose", async () => {
    for (const stop of deps.beforeClose) await stop();
    if (!given.mail) await mail.close();
    if (ownsRedis && redis) await redis.close();
    if (ownsDatabase) await database.close();
  });
  return app as unknown as App;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, for the OpenAPI completeness check. */
    routeList: Array<{ method: string; url: string }>;
  }
}
