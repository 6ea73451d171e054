import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import { BODY_LIMIT_BYTES } from "@vn/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Config, pageOrigins } from "./config";
import { type Database, openDatabase } from "./db/client";
import type { Jobs } from "./jobs/index";
import { lazyChildLogger, logDestination, loggerOptions, RequestLog, requestId } from "./lib/logger";
import { createRedis, type RedisConnections } from "./lib/redis";
import { type Auth, createAuth } from "./modules/accounts/auth";
import { authRoutes } from "./modules/accounts/auth-routes";
import { handleRoutes } from "./modules/accounts/handles-routes";
import { inviteRoutes } from "./modules/accounts/invites-routes";
import { OneTimeCodes } from "./modules/accounts/one-time-codes";
import { accountRoutes } from "./modules/accounts/routes";
import { backofficeRoutes } from "./modules/backoffice/routes";
import { billingRoutes, paymentsWebhookRoutes } from "./modules/billing/routes";
import { paymentsSandboxRoutes } from "./modules/billing/sandbox-routes";
import { BillingService } from "./modules/billing/service";
import { chatRoutes } from "./modules/chats/routes";
import { commentRoutes } from "./modules/comments/routes";
import { companyRoutes } from "./modules/companies/routes";
import { contentRoutes } from "./modules/content/routes";
import { formRoutes } from "./modules/forms/routes";
import { healthRoutes } from "./modules/health/routes";
import { subscribeModules } from "./modules/index";
import { insightsRoutes } from "./modules/insights/routes";
import { linkRoutes } from "./modules/links/routes";
import { mediaRoutes, mediaServeRoutes } from "./modules/media/routes";
import { configureMediaUrls } from "./modules/media/serialize";
import { MediaService } from "./modules/media/service";
import { moderationRoutes } from "./modules/moderation/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { onboardingRoutes } from "./modules/onboarding/routes";
import { profileRoutes } from "./modules/profiles/routes";
import { searchRoutes } from "./modules/search/routes";
import { socialRoutes } from "./modules/social/routes";
import { teamRoutes } from "./modules/teams/routes";
import { kybRoutes, kybWebhookRoutes } from "./modules/verification/kyb/routes";
import { KybService } from "./modules/verification/kyb/service";
import { identityWebhookRoutes, verificationRoutes } from "./modules/verification/routes";
import { VerificationService } from "./modules/verification/service";
import { registerCors } from "./plugins/cors";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/error-handler";
import { registerOpenApi } from "./plugins/openapi";
import { createCounters, registerRateLimit } from "./plugins/rate-limit";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { serializerCompiler } from "./plugins/serializer";
import { registerPolicy } from "./policy/guard";
import { createIdentityProvider, type IdentityProvider } from "./providers/identity/index";
import { createKybProvider, type KybProvider } from "./providers/kyb/index";
import { createMailProvider, type MailProvider, withRecipientCaps } from "./providers/mail/index";
import { outboxRoutes } from "./providers/outbox-routes";
import { createPaymentsProvider, type PaymentsProvider } from "./providers/payments/index";
import { createSmsProvider, type SmsProvider } from "./providers/sms/index";
import { createStorage, type StorageProvider } from "./providers/storage/index";
import type { Realtime } from "./realtime/index";
import { realtimeRoutes } from "./realtime/routes";

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
  /** The identity-verification vendor (IDV_PROVIDER; providers/identity). */
  identity: IdentityProvider;
  /** The business registry (KYB_PROVIDER; providers/kyb). */
  kyb: KybProvider;
  /** The payments vendor: Stripe with STRIPE_SECRET_KEY, the sandbox otherwise (providers/payments). */
  payments: PaymentsProvider;
}

export type App = FastifyInstance & { deps: AppDeps };

export interface BuildOptions
  extends Partial<
    Omit<AppDeps, "config" | "beforeClose" | "auth" | "codes" | "identity" | "payments" | "kyb">
  > {
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Tests only: answer guard probes (policy/guard.ts PolicyOptions). */
  policyProbe?: boolean;
  /**
   * The bench only (bench/frame.bench.ts): frame parts to leave out, to measure what each costs on
   * /api/health. An app built without a part is not fit to serve; nothing else sets this.
   */
  without?: ReadonlyArray<FramePart>;
}

/** The parts of the frame every request passes through (docs/decisions/0029-api-frame.md). */
export const frameParts = [
  "errors",
  "policy",
  "securityHeaders",
  "cors",
  "cookie",
  "formbody",
  "rateLimit",
  "openapi",
  "serializer",
  "requestId",
  "logger",
] as const;
export type FramePart = (typeof frameParts)[number];

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
  // Every mail passes the per-recipient caps (providers/mail/caps.ts), whichever route sends it.
  const mail = withRecipientCaps(
    given.mail ?? createMailProvider(config, database.db),
    createCounters(config, redis),
  );
  const sms = given.sms ?? createSmsProvider(config, database.db);

  const frame = (part: FramePart) => !given.without?.includes(part);
  const app = Fastify({
    logger: !frame("logger")
      ? false
      : { ...loggerOptions(config), stream: given.logStream ?? logDestination() },
    // A request's pino child is made only when it writes (lib/logger.ts LazyRequestLogger).
    ...(frame("logger") ? { childLoggerFactory: lazyChildLogger } : {}),
    ...(frame("requestId") ? { genReqId: requestId } : {}),
    logController: new RequestLog({ disableRequestLogging: !config.LOG_REQUESTS }),
    requestIdHeader: false,
    // The router's and the HTTP parser's refusals answer in the catalogue's shape too (issue 11).
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the proxies TRUST_PROXY names may say who the client is (issue 11); none by default.
    trustProxy: config.TRUST_PROXY,
    // Keep-alive sockets must not hold a SIGTERM'd node open forever.
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>();
  const deps: AppDeps = {
    identity: createIdentityProvider(config, { db: database.db, jobs: () => deps.jobs, log: app.log }),
    kyb: createKybProvider(config, { db: database.db, jobs: () => deps.jobs, log: app.log }),
    payments: createPaymentsProvider(config, { db: database.db, jobs: () => deps.jobs, log: app.log }),
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
  // Side effects cross modules as domain events (shared/events.ts); every module subscribes here.
  subscribeModules();
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
  app.decorate(
    "verification",
    new VerificationService({
      db: database.db,
      config,
      storage: deps.storage,
      provider: deps.identity,
      realtime: () => deps.realtime,
      log: app.log,
      mail,
    }),
  );
  app.decorate(
    "kyb",
    new KybService({
      db: database.db,
      config,
      storage: deps.storage,
      provider: deps.kyb,
      realtime: () => deps.realtime,
      log: app.log,
      mail,
    }),
  );
  app.decorate(
    "billing",
    new BillingService({
      db: database.db,
      config,
      provider: deps.payments,
      realtime: () => deps.realtime,
      log: app.log,
      mail,
    }),
  );
  const routeList: Array<{ method: string; url: string }> = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(frame("serializer") ? serializerCompiler : () => JSON.stringify);

  if (frame("errors")) registerErrorHandling(app);
  if (frame("policy")) await registerPolicy(app, { probe: given.policyProbe });
  if (frame("securityHeaders")) registerSecurityHeaders(app);
  if (frame("cors"))
    registerCors(app, {
      origins: pageOrigins(config, config.WEB_ORIGIN),
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
  if (frame("cookie")) await app.register(cookie);
  if (frame("formbody")) await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  if (frame("rateLimit")) await registerRateLimit(app, config, redis);
  else {
    // Routes still find app.rateLimit and app.counters; no limit applies unless a route asks.
    await app.register(rateLimit, { global: false });
    app.decorate("counters", createCounters(config, redis));
  }

  if (frame("openapi")) await registerOpenApi(app, config);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  if (!config.SMTP_URL && config.NODE_ENV !== "production") await app.register(outboxRoutes);
  // Accounts and companies answer on both base paths (§7): each row carries its v1 path and v2 alias.
  for (const routes of [handleRoutes, accountRoutes, inviteRoutes, companyRoutes]) await app.register(routes);
  // Publications (reads on v2, the §7 content API; writes on v1), the profile page (v2) and
  // search (v1): rows of the endpoint table, registered at the root with their full paths.
  await app.register(contentRoutes);
  await app.register(linkRoutes());
  await app.register(profileRoutes);
  await app.register(searchRoutes);
  // Modules converted to the endpoint table register at the root: each row carries its full path.
  await app.register(commentRoutes);
  await app.register(socialRoutes);
  await app.register(notificationRoutes);
  await app.register(formRoutes);
  await app.register(backofficeRoutes);
  await app.register(onboardingRoutes);
  await app.register(mediaRoutes);
  await app.register(mediaServeRoutes);
  await app.register(realtimeRoutes);
  await app.register(verificationRoutes);
  await app.register(identityWebhookRoutes);
  await app.register(billingRoutes);
  await app.register(insightsRoutes);
  await app.register(paymentsWebhookRoutes);
  await app.register(paymentsSandboxRoutes);
  await app.register(teamRoutes);
  await app.register(kybRoutes);
  await app.register(kybWebhookRoutes);
  await app.register(chatRoutes);
  await app.register(moderationRoutes);

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
    verification: VerificationService;
    kyb: KybService;
    billing: BillingService;
    /** Every route registered, for the OpenAPI completeness check. */
    routeList: Array<{ method: string; url: string }>;
  }
}
