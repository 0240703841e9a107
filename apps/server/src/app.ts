import path from 'node:path';
import { SERVER_ROOT } from './paths.ts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config/index.ts';
import type { Database, Db } from './db/client.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerLocale } from './plugins/locale.ts';
import { registerInputSafety } from './plugins/input-safety.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { loggerOptions } from './plugins/logging.ts';
import type { DestinationStream } from 'pino';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerResponseCache } from './plugins/response-cache.ts';
import { registerSession } from './plugins/session.ts';
import { DbRateLimiter, RedisRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { createStorage, type Storage } from './lib/storage/index.ts';
import { registerWeb, wantsHtml } from './plugins/web.ts';
import { cspDirectives } from './plugins/csp.ts';
import { catalogueRoutes } from './http/catalogue.ts';
import { searchInMemory } from './modules/catalogue/service.ts';
import { systemRoutes } from './http/system.ts';
import { vendorRoutes } from './http/vendors.ts';
import { authRoutes } from './http/auth.ts';
import { telemetryRoutes } from './http/telemetry.ts';
import { cartRoutes } from './http/cart.ts';
import { orderRoutes } from './http/orders.ts';
import { reviewRoutes } from './http/reviews.ts';
import { geocodeRoutes } from './http/geocode.ts';
import { bookingRoutes } from './http/bookings.ts';
import { paymentRoutes } from './http/payments.ts';
import { uploadRoutes } from './http/uploads.ts';
import { invoiceRoutes } from './http/invoices.ts';
import { fileRoutes } from './http/files.ts';
import { vendorProductRoutes } from './http/vendor-products.ts';
import { chatRoutes } from './http/chat.ts';
import { vendorDashboardRoutes } from './http/vendor-dashboard.ts';
import { opsRoutes } from './http/ops.ts';
import { payoutRoutes } from './http/payouts.ts';
import { disputeRoutes } from './http/disputes.ts';
import { commissionRoutes } from './http/commission.ts';
import { opsOrderRoutes } from './http/ops-orders.ts';
import { opsMoneyRoutes } from './http/ops-money.ts';
import { opsOperatorsRoutes } from './http/ops-operators.ts';
import { transferRoutes } from './http/transfers.ts';
import { deliveryRoutes } from './http/delivery.ts';
import { rfqRoutes } from './http/rfqs.ts';
import { calendarRoutes } from './http/calendar.ts';
import { rescheduleRoutes } from './http/reschedule.ts';
import { bookingArrivalRoutes } from './http/booking-arrival.ts';
import { jobRoutes } from './http/jobs.ts';
import { whatsappRoutes } from './http/whatsapp.ts';
import { devWhatsAppRoutes } from './http/dev-whatsapp.ts';
import { createWhatsApp, type WhatsApp } from './modules/whatsapp/service.ts';
import { queueReminders } from './modules/bookings/service.ts';
import { createTransfers, type Transfers } from './modules/transfers/service.ts';
import { pageRoutes } from './http/pages.ts';
import { createPageRenderer } from './modules/pages/service.ts';
import { registerRealtime } from './realtime/index.ts';
import { devMailboxRoutes } from './http/dev-mailbox.ts';
import { devOutboxTransport, smtpTransport } from './email/transport.ts';
import { OutboxWorker } from './email/worker.ts';
import { startExpirySweep } from './flows/expire-unpaid.ts';
import type { RescheduleSettings } from '@nirmaan/shared/reschedule';
import { startAutoCompleteSweep } from './flows/booking-arrival.ts';
import { createPayments, type Payments } from './modules/payments/service.ts';
import { RouteAccountWorker } from './modules/payouts/service.ts';
import { routeStatusHooks } from './flows/route-account.ts';
import { moneySettings, type MoneySettings } from './flows/money-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    outbox: OutboxWorker;
    /** Shared limits: in Redis with REDIS_URL, else in the database. */
    limiter: RateLimiter;
    /** The Redis connection for commands and publishing, when REDIS_URL is set. */
    redis: Redis | null;
    /** The payment gateway (or none) and the worker that makes its calls from committed rows. */
    payments: Payments;
    /** Makes the vendors' Route linked accounts from committed intent rows (decision record 018). */
    routeAccounts: RouteAccountWorker;
    /** Vendor transfers through Razorpay Route and the worker that makes them (decision record 019). */
    transfers: Transfers;
    /** The hold after a delivery and the platform's invoice registration, from the config (flows/money-events.ts). */
    money: MoneySettings;
    /** Where uploads and private files live: folders, or an S3-compatible store (decision record 021). */
    storage: Storage;
    /** WhatsApp updates: the Cloud API account (or the development stand-in, or none) and its outbox worker (decision record 038). */
    whatsapp: WhatsApp;
    /** Rescheduling's window, fee and proposal lapse, from the config (decision record 041). */
    reschedule: RescheduleSettings;
  }
}

export const IMAGES_DIR = path.resolve(SERVER_ROOT, 'assets/images');

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Log level, or false for no logs (tests); records are redacted by plugins/logging.ts. */
  logger?: false | { level: string };
  /** Where log lines go (tests read them; server.ts: lib/log-destination.ts); default pino's stdout. */
  logStream?: DestinationStream;
}

/**
 * Zod validates and serialises every route: Fastify takes its root compilers from these factories (so no
 * setValidatorCompiler/setSerializerCompiler call is needed), and does not build its default Ajv ones (a third of a
 * second of every start); its types describe Ajv's, hence the cast.
 */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the whole app without listening: tests use `app.inject()`, server.ts calls `listen()`. */
export async function buildApp({ config, database, logger = false, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger.level, logStream),
    // A hop count trusts that many proxies in front of us; addresses further out are the client's to set.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler,
    frameworkErrors,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('db', database.db);
  app.decorate('config', config);
  // PGlite: one process owns the database, so the header search ranks in memory (docs/decisions/033). Once ready:
  // a start-up builds the app while PGlite starts and migrates (server.ts), and LISTEN would wait for that.
  const { listen } = database;
  if (listen) app.addHook('onReady', async () => searchInMemory(database.db, listen));

  // ioredis is loaded only when there is a Redis to talk to (as are pg, nodemailer and pdfkit): a shorter start.
  const redis = config.REDIS_URL ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 }) : null;
  const redisSub = redis?.duplicate() ?? null;
  if (redis && redisSub) {
    await Promise.all([redis.connect(), redisSub.connect()]);
    app.addHook('onClose', async () => {
      await Promise.allSettled([redis.quit(), redisSub.quit()]);
    });
  }
  app.decorate('redis', redis);
  const limiter: RateLimiter = redis ? new RedisRateLimiter(redis, config.REDIS_PREFIX) : new DbRateLimiter(database.db);
  app.decorate('limiter', limiter);
  const storage = createStorage(config.storage);
  app.decorate('storage', storage);
  // A refused key or a missing bucket stops the start, with S3's own words, instead of failing the first upload.
  app.addHook('onReady', async () => storage.check());

  registerLocale(app);
  registerErrorHandler(app);
  registerMetrics(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    strictTransportSecurity: config.PUBLIC_URL?.startsWith('https:') ? undefined : false,
  });
  await registerOriginCheck(app);
  registerInputSafety(app);
  // Before compression, so the cache keeps the plain serialized body.
  await registerResponseCache(app, redis && redisSub ? { pub: redis, sub: redisSub, prefix: config.REDIS_PREFIX } : null);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  registerSession(app);

  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : devOutboxTransport;
  // Every change that writes a mail may write its WhatsApp message too: a poke of the mail outbox wakes both.
  const whatsapp = createWhatsApp(database.db, config, app.log);
  app.decorate('whatsapp', whatsapp);
  const outbox = new OutboxWorker(database.db, transport, app.log, 5_000, () => void whatsapp.worker.poke());
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    transport.close();
  });
  // Built once here and passed to the flows: the gateway module holds no state keyed by anything else.
  const payments = createPayments(database.db, config, app.log);
  app.decorate('payments', payments);
  const transfers = createTransfers(database.db, payments, app.log);
  app.decorate('transfers', transfers);
  app.decorate('money', moneySettings(config));
  app.decorate('reschedule', { freeHours: config.RESCHEDULE_FREE_HOURS, feePaise: config.RESCHEDULE_FEE_PAISE, proposalLapseHours: config.PROPOSAL_LAPSE_HOURS });
  const routeAccounts = new RouteAccountWorker(database.db, payments.route, app.log, routeStatusHooks(transfers));
  app.decorate('routeAccounts', routeAccounts);
  let stopExpiry: (() => void) | undefined;
  let stopAutoComplete: (() => void) | undefined;
  let reminders: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    payments.worker.start();
    routeAccounts.start();
    transfers.worker.start();
    whatsapp.worker.start();
    // The evening-before booking reminders: a sweep every ten minutes, each booking's reminder once (its key).
    if (whatsapp.client) {
      reminders = setInterval(() => void queueReminders(database.db).then((n) => { if (n > 0) void whatsapp.worker.poke(); }, (err: unknown) => app.log.error({ err }, 'booking reminders failed')), 10 * 60_000);
      reminders.unref();
    }
    stopExpiry = startExpirySweep(payments, app.log);
    // Started bookings with no answer 48 hours after the job complete by themselves (decision record 043).
    stopAutoComplete = startAutoCompleteSweep(database.db, app.money, app.log, () => void outbox.poke());
  });
  app.addHook('onClose', async () => {
    stopExpiry?.();
    stopAutoComplete?.();
    clearInterval(reminders);
    await routeAccounts.stop();
    await Promise.all([payments.worker.stop(), transfers.worker.stop(), whatsapp.worker.stop()]);
  });
  await registerOpenApi(app);

  await app.register(systemRoutes);
  await app.register(catalogueRoutes);
  await app.register(vendorRoutes);
  await app.register(authRoutes);
  await app.register(telemetryRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(reviewRoutes);
  await app.register(geocodeRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(uploadRoutes);
  await app.register(fileRoutes);
  await app.register(vendorProductRoutes);
  await registerRealtime(app);
  await app.register(chatRoutes);
  await app.register(vendorDashboardRoutes);
  await app.register(opsRoutes);
  await app.register(payoutRoutes);
  await app.register(disputeRoutes);
  await app.register(opsOrderRoutes);
  await app.register(opsMoneyRoutes);
  await app.register(opsOperatorsRoutes);
  await app.register(commissionRoutes);
  await app.register(invoiceRoutes);
  await app.register(transferRoutes);
  await app.register(deliveryRoutes);
  await app.register(rfqRoutes);
  await app.register(calendarRoutes);
  await app.register(rescheduleRoutes);
  await app.register(bookingArrivalRoutes);
  await app.register(jobRoutes);
  await app.register(whatsappRoutes);
  if (whatsapp.dev) await app.register(devWhatsAppRoutes);
  if (config.NODE_ENV !== 'production' && !config.SMTP_URL) await app.register(devMailboxRoutes);

  await app.register(pageRoutes);

  const pages = await createPageRenderer(app);
  const web = await registerWeb(app, { webDist: config.webDist, imagesDir: IMAGES_DIR, pages });
  app.setNotFoundHandler((req, reply) => {
    if (web && req.method === 'GET' && wantsHtml(req)) return web.sendPage(req, reply);
    return reply.status(404).send({ message: `No such address: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  return app;
}
