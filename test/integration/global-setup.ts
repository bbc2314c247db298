import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LambdaInvokeAccess } from '../../infra/local/stack.js';
import { PLATFORM_ADMIN } from '../../infra/local/seed.js';
import { seedTestTenants } from './tenants.js';
import { turnOnTwoStep } from './two-step.js';

declare module 'vitest' {
  export interface ProvidedContext {
    stackEnv: Record<string, string>;
    apiUrl: string;
    sesUrl: string;
    whatsappUrl: string;
    razorpayUrl: string;
    lambdaInvoke: LambdaInvokeAccess;
    /** The authenticator secret of each seeded user with two-step sign-in on, by user name. */
    authenticatorSecrets: Record<string, string>;
  }
}

/** One local stack (emulators on free ports, fresh data) for the whole integration run. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-it-'));
  // Every test comes from 127.0.0.1: per-client limits are raised; per-user limits stay as in production.
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', clientLimitFactor: 100, shopRequestsPerSecond: 100_000 });
  await seedTestTenants();
  // Platform admins must use two-step sign-in: the seeded one turns it on as on the set-up screen, once for the run.
  const platformAdminSecret = await turnOnTwoStep(stack.apiUrl, PLATFORM_ADMIN);
  const keys = ['LOCAL_AWS', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'TABLE_NAME', 'ASSETS_BUCKET', 'MAIL_FROM',
    'DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT', 'S3_ENDPOINT', 'SES_ENDPOINT', 'WHATSAPP_API_URL', 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'LOG_LEVEL',
    'RAZORPAY_API_URL', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'SHOP_REQUESTS_PER_SECOND',
    'STOREFRONT_REQUESTS_PER_SECOND', 'CUSTOMER_REQUESTS_PER_SECOND', 'LOCAL_TOKEN_KEY_FILE'];
  project.provide('stackEnv', Object.fromEntries(keys.map((k) => [k, process.env[k] ?? ''])));
  project.provide('apiUrl', stack.apiUrl);
  project.provide('sesUrl', stack.sesUrl);
  project.provide('whatsappUrl', stack.whatsappUrl);
  project.provide('razorpayUrl', stack.razorpayUrl);
  project.provide('lambdaInvoke', stack.lambdaInvoke);
  project.provide('authenticatorSecrets', { [PLATFORM_ADMIN]: platformAdminSecret });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
