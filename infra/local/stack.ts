import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCognito, startDynalite, startS3, startSes, type Emulator } from './emulators.js';
import { startGateway } from './gateway.js';
import { assertPortFree, freePort, isAddressInUse } from './ports.js';
import { startRazorpaySimulator } from './razorpay-sim.js';
import { localWorkflowRunner } from './step-functions.js';
import { startWhatsAppSimulator } from './whatsapp-sim.js';
import { useLocalWorkflows } from '../../functions/lib/workflows.js';
import { ensureTable, ensureUserPool, type UserPoolIds } from './resources.js';
import { startReportTimer } from './report-timer.js';
import { localSigningKey, SIGNING_KEY_FILE } from './signing-key.js';
import { securityHeaders } from '../web-security.js';
import { SCHEDULED_REPORTS_FUNCTION } from '../../shared/report-schedule.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Ports {
  gateway: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  ses: number;
  whatsapp: number;
  razorpay: number;
}

export const defaultPorts: Ports = { gateway: 3000, dynamodb: 4567, cognito: 9229, s3: 4569, ses: 8005, whatsapp: 8006, razorpay: 8007 };

export interface LocalStackOptions {
  /** Data of the emulators (DynamoDB, Cognito, S3); kept across restarts. */
  dataDir: string;
  /** Fixed ports, or 'free' to pick free ones (tests). */
  ports: Ports | 'free';
  /** Serve the built web app from this folder. */
  webRoot?: string;
  seed?: boolean;
  idTokenMinutes?: number;
  logLevel?: string;
  /** Run the daily report e-mails at their scheduled time (npm start); tests invoke the function themselves. */
  scheduledReports?: boolean;
  /**
   * Multiplies the per-client-address limits (sign-in failures, reset codes, sign-ups). The test stacks raise it:
   * every test comes from 127.0.0.1. Per-user-name limits are never scaled.
   */
  clientLimitFactor?: number;
  /**
   * A shop's fair share of the API in signed-in requests per second (production: 40). The test and benchmark stacks
   * lift it: their many parallel tests all work in a few shops. `test/integration/shop-share.test.ts` checks the
   * production figure.
   */
  shopRequestsPerSecond?: number;
}

export interface LocalStack {
  ports: Ports;
  url: string;
  apiUrl: string;
  sesUrl: string;
  /** The WhatsApp Cloud API simulator; `GET /messages` lists what was sent. */
  whatsappUrl: string;
  /** The Razorpay simulator; `GET /sim/state` lists its orders, payments, refunds and webhooks. */
  razorpayUrl: string;
  userPool: UserPoolIds;
  /** How the stack's own processes call its Lambda Invoke API (also written to `lambda-invoke.json` in the data folder). */
  lambdaInvoke: LambdaInvokeAccess;
  seeded: boolean;
  stop(): Promise<void>;
}

export interface LambdaInvokeAccess {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Where a started stack leaves its Invoke API access for the commands that call it (`npm run reports:send-now`). */
export const LAMBDA_INVOKE_FILE = 'lambda-invoke.json';

const LABELS: Record<keyof Ports, string> = { gateway: 'web', dynamodb: 'dynamodb', cognito: 'cognito', s3: 's3', ses: 'ses', whatsapp: 'whatsapp', razorpay: 'razorpay' };

async function choosePorts(ports: Ports | 'free'): Promise<Ports> {
  if (ports !== 'free') {
    for (const [name, port] of Object.entries(ports) as [keyof Ports, number][]) await assertPortFree(port, LABELS[name]);
    return ports;
  }
  const chosen = {} as Ports;
  for (const name of Object.keys(defaultPorts) as (keyof Ports)[]) chosen[name] = await freePort();
  return chosen;
}

/** The simulator's credentials; the functions send them exactly as they would send the real ones. */
const LOCAL_WHATSAPP = { token: 'local-whatsapp-token', phoneNumberId: '100000000000001' };
/** Test keys of the Razorpay simulator, in Razorpay's own format. */
const LOCAL_RAZORPAY = { keyId: 'rzp_test_LocalShop0001', keySecret: 'local-razorpay-key-secret', webhookSecret: 'local-razorpay-webhook-secret' };

/** The environment the function code reads (functions/lib/config.ts), pointing it at the emulators. */
function pointFunctionsAt(ports: Ports, pool: UserPoolIds | undefined, logLevel: string, limits: Pick<LocalStackOptions, 'clientLimitFactor' | 'shopRequestsPerSecond'>) {
  Object.assign(process.env, {
    CLIENT_LIMIT_FACTOR: String(limits.clientLimitFactor ?? 1),
    ...(limits.shopRequestsPerSecond
      ? {
          SHOP_REQUESTS_PER_SECOND: String(limits.shopRequestsPerSecond),
          STOREFRONT_REQUESTS_PER_SECOND: String(limits.shopRequestsPerSecond),
          CUSTOMER_REQUESTS_PER_SECOND: String(limits.shopRequestsPerSecond),
        }
      : {}),
    LOCAL_AWS: '1',
    // Lambdas run on Node 22 in AWS; the SDK's notice about Node 20 on this machine is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TABLE_NAME: 'shop',
    ASSETS_BUCKET: 'shop-assets',
    MAIL_FROM: 'no-reply@shop.local',
    // Page cursors are signed with a key of this run; a cursor from before a restart is refused (400).
    CURSOR_SECRET: process.env.CURSOR_SECRET ?? randomBytes(32).toString('base64url'),
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognito}`,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    SES_ENDPOINT: `http://127.0.0.1:${ports.ses}`,
    WHATSAPP_API_URL: `http://127.0.0.1:${ports.whatsapp}`,
    WHATSAPP_TOKEN: LOCAL_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP.phoneNumberId,
    RAZORPAY_API_URL: `http://127.0.0.1:${ports.razorpay}`,
    RAZORPAY_CHECKOUT_URL: `http://localhost:${ports.razorpay}/v1/checkout.js`,
    RAZORPAY_KEY_ID: LOCAL_RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: LOCAL_RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: LOCAL_RAZORPAY.webhookSecret,
    LOCAL_WORKFLOWS: '1',
    // cognito-local answers AdminUserGlobalSignOut with "unsupported" (docs/people.md, "Ending sessions").
    COGNITO_WITHOUT_GLOBAL_SIGN_OUT: '1',
    LOG_LEVEL: logLevel,
    ...(pool ? { USER_POOL_ID: pool.userPoolId, USER_POOL_CLIENT_ID: pool.userPoolClientId } : {}),
  });
}

/**
 * Starts the whole product on loopback: the AWS emulators, the table and user pool, the local gateway (web app
 * and API on one origin) and, on first start, the demo data. `npm start`, the tests and the benchmarks all use it.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPorts(options, await choosePorts(options.ports));
    } catch (error) {
      // Free ports are checked before use; another program can still take one in between. Pick again.
      if (options.ports !== 'free' || attempt === 3 || !isAddressInUse(error)) throw error;
    }
  }
}

async function startOnPorts(options: LocalStackOptions, ports: Ports): Promise<LocalStack> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const logLevel = options.logLevel ?? 'warn';
  pointFunctionsAt(ports, undefined, logLevel, options);
  const started: Emulator[] = [];
  let gateway: Server | undefined;
  let stopReportTimer: (() => void) | undefined;
  const stop = async () => {
    stopReportTimer?.();
    if (gateway) await new Promise<void>((resolve) => gateway!.close(() => resolve()));
    gateway?.closeAllConnections?.();
    for (const emulator of started.reverse()) await emulator.stop().catch(() => undefined);
  };
  try {
    started.push(await startDynalite(ports.dynamodb, path.join(dataDir, 'dynamodb')));
    started.push(await startS3(ports.s3, path.join(dataDir, 's3'), process.env.ASSETS_BUCKET!));
    started.push(await startSes(ports.ses));
    started.push(await startWhatsAppSimulator({ port: ports.whatsapp, ...LOCAL_WHATSAPP }));
    started.push(
      await startRazorpaySimulator({ port: ports.razorpay, ...LOCAL_RAZORPAY, webhookUrl: `http://127.0.0.1:${ports.gateway}/api/payment/webhook/razorpay` }),
    );
    useLocalWorkflows(await localWorkflowRunner());
    // Made afresh at each start and kept only in the data folder: the Invoke API answers no one else.
    const lambdaInvoke: LambdaInvokeAccess = {
      endpoint: `http://127.0.0.1:${ports.gateway}`,
      accessKeyId: `LOCAL${randomBytes(12).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(24).toString('base64url'),
    };
    writeFileSync(path.join(dataDir, LAMBDA_INVOKE_FILE), JSON.stringify(lambdaInvoke, null, 2), { mode: 0o600 });
    // The data folder's own token key: the gateway accepts no token signed with the one in cognito-local's package.
    const signingKey = localSigningKey(dataDir);
    process.env.LOCAL_TOKEN_KEY_FILE = path.join(dataDir, SIGNING_KEY_FILE);
    started.push(await startCognito(ports.cognito, path.join(dataDir, 'cognito'), lambdaInvoke, path.join(dataDir, SIGNING_KEY_FILE)));

    await ensureTable(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!);
    const poolFile = path.join(dataDir, 'user-pool.json');
    const known = existsSync(poolFile) ? (JSON.parse(readFileSync(poolFile, 'utf8')) as UserPoolIds) : undefined;
    const userPool = await ensureUserPool(process.env.COGNITO_ENDPOINT!, known, options.idTokenMinutes ?? 60);
    writeFileSync(poolFile, JSON.stringify(userPool, null, 2));
    pointFunctionsAt(ports, userPool, logLevel, options);

    // The demo seed runs after the gateway is up (Cognito calls its triggers through it); API calls wait for it.
    let seedDone: (value?: unknown) => void = () => undefined;
    let seedFailed: (error: unknown) => void = () => undefined;
    const ready = new Promise((resolve, reject) => {
      seedDone = resolve;
      seedFailed = reject;
    });
    ready.catch(() => undefined);
    gateway = await startGateway({
      ready,
      port: ports.gateway,
      webRoot: options.webRoot,
      issuer: `http://127.0.0.1:${ports.cognito}/${userPool.userPoolId}`,
      audience: userPool.userPoolClientId,
      signingKey: signingKey.jwk,
      invokeKeyId: lambdaInvoke.accessKeyId,
      // As CloudFront adds them in AWS; the checkout script comes from wherever the provider URL points.
      securityHeaders: securityHeaders({
        assets: new URL(process.env.S3_ENDPOINT!).origin,
        checkout: new URL(process.env.RAZORPAY_CHECKOUT_URL!).origin,
        // The simulator's qr_codes answer an image_url on the host the functions call it by.
        qrImages: [new URL(process.env.RAZORPAY_API_URL!).origin],
      }),
      loadDomain: async (domain) => (await import(path.join(root, 'functions', domain, 'handler.ts'))).handler,
      invokable: {
        'pre-token': async () => (await import('../../functions/triggers/pre-token.js')).handler as never,
        // The report function EventBridge Scheduler invokes in AWS; `npm run reports:send-now` calls it here.
        [SCHEDULED_REPORTS_FUNCTION]: async () => (await import('../../functions/reports/scheduled.js')).handler as never,
      },
    });

    if (options.scheduledReports) {
      // As EventBridge Scheduler starts the daily-reports state machine in AWS: the same ASL, run in this process.
      const runner = await localWorkflowRunner();
      stopReportTimer = startReportTimer(
        async (scheduledTime) => {
          const outcome = await runner('dailyReports', { report: 'daily', scheduledTime });
          if (outcome.status !== 'SUCCEEDED') throw new Error(`${outcome.status}: ${outcome.error ?? ''} ${outcome.cause ?? ''}`);
        },
        (message) => console.error(message),
      );
    }

    let seeded = false;
    try {
      if (options.seed) {
        const { seedIfEmpty } = await import('./seed.js');
        seeded = await seedIfEmpty();
      }
      seedDone();
    } catch (error) {
      seedFailed(error);
      throw error;
    }
    const url = `http://localhost:${ports.gateway}`;
    return {
      ports,
      url,
      apiUrl: `${url}/api`,
      sesUrl: `http://127.0.0.1:${ports.ses}`,
      whatsappUrl: `http://127.0.0.1:${ports.whatsapp}`,
      razorpayUrl: `http://127.0.0.1:${ports.razorpay}`,
      userPool,
      lambdaInvoke,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
