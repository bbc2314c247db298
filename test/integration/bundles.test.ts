import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customerData } from '../../functions/customers/data.js';
import { userData } from '../../functions/users/data.js';
import { functionAssets, synthesizeShop, type FunctionAsset } from '../../infra/bundles/function-assets.js';
import { AppFunction } from '../../infra/constructs/app-function.js';
import { allFeatures } from '../../shared/features.js';
import { defaultRoles, ROLE } from '../../shared/roles.js';

/**
 * What ships is proven to run: the functions as `cdk synth` bundles them (synthesized once for this file), each
 * within its size budget and each run from an empty folder, as Lambda runs it, against the local emulators.
 */
const run = promisify(execFile);
const probe = fileURLToPath(new URL('../../infra/bundles/init-probe.mjs', import.meta.url));
const events = fileURLToPath(new URL('../../events/', import.meta.url));
const KB = 1024;

let scratch: string;
let assets: FunctionAsset[];
const bundles = new Map<string, NonNullable<AppFunction['bundle']>>();

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-bundles-'));
  const app = synthesizeShop(path.join(scratch, 'cdk.out'));
  for (const construct of app.node.findAll()) {
    if (construct instanceof AppFunction && construct.bundle) bundles.set(construct.node.path, construct.bundle);
  }
  assets = functionAssets(path.join(scratch, 'cdk.out'));
  // Bundling every function is CPU work: on a busy two-core machine it can take minutes.
}, 420_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Libraries too large to load on every cold start: only ever in chunks imported on first use. */
const preTokenEntry = 'functions/triggers/pre-token.ts';
const heavyPackages = ['pdf-lib', '@pdf-lib/fontkit', '@pdf-lib/standard-fonts', 'exceljs', 'jszip', 'razorpay', 'axios', 'form-data'];
/**
 * SDK clients few requests need (files, tenant credentials once per tenant, secrets once per container, mail, the
 * checkout's workflow, the user pool): each imported with its first use, so no cold start loads one.
 */
const clientsOnFirstUse = [
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/client-sts',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-sfn',
];

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The modules of shared/ a module imports for their values, directly and through each other (type imports left out). */
function schemaModulesOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  for (const [, target] of text.matchAll(/^(?:import|export)(?! type)[^;]*?from '(\.[^']+)\.js';/gms)) {
    const next = path.posix.normalize(path.posix.join(path.posix.dirname(file), `${target}.ts`));
    if (next.startsWith('shared/')) schemaModulesOf(next, seen);
  }
  return [...seen].filter((f) => f.startsWith('shared/schemas/'));
}

describe('function bundles', () => {
  it('are one per function of the product, each bundled in this synth', () => {
    expect(assets.length).toBeGreaterThanOrEqual(26);
    for (const asset of assets) expect(bundles.has(asset.name), asset.name).toBe(true);
  });

  it('keep within their budgets at init: 300 KB of their own code for a domain, heavy libraries loaded on first use', () => {
    for (const [name, bundle] of bundles) {
      // The AWS SDK's share is reported by `npm run bench -- coldstart`; the budget is on the product's own code.
      const ownCode = bundle.initBytes - bundle.sdkBytesAtInit;
      if (bundle.entry !== preTokenEntry) expect(ownCode, `${name}: ${ownCode} bytes of its own code at start`).toBeLessThanOrEqual(300 * KB);
      expect(bundle.initBytes, `${name}: index.mjs and its static chunks`).toBeLessThanOrEqual(1024 * KB);
      expect(bundle.packagesAtInit.filter((p) => heavyPackages.includes(p)), name).toEqual([]);
      expect(bundle.packagesAtInit.filter((p) => clientsOnFirstUse.includes(p)), `${name}: SDK clients loaded at init`).toEqual([]);
    }
    // They are there, lazily, where the code uses them.
    expect(bundles.get('ShopApi/products/Function')!.lazyPackages).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']));
    expect(bundles.get('ShopApi/messages/Function')!.lazyPackages).toContain('@aws-sdk/client-sesv2');
    expect(bundles.get('ShopApi/roles/Function')!.lazyPackages).toEqual(expect.arrayContaining(['@aws-sdk/client-sts', '@aws-sdk/client-secrets-manager']));
    expect(bundles.get('ShopApi/payments/Function')!.lazyPackages).toContain('@aws-sdk/client-sfn');
    const withCognito = [...bundles].filter(([, b]) => b.lazyPackages.includes('@aws-sdk/client-cognito-identity-provider')).map(([n]) => n.split('/')[1]);
    expect(withCognito).toEqual(expect.arrayContaining(['auth', 'users', 'tenants', 'customers']));
    // Heavy libraries are there, lazily, exactly where PDFs and spreadsheets are made.
    const lazily = (pkg: string) => [...bundles].filter(([, b]) => b.lazyPackages.includes(pkg)).map(([n]) => n.split('/')[1]).sort();
    expect(lazily('pdf-lib')).toEqual(['DailyReports', 'accounts', 'expenses', 'messages', 'payments', 'purchases', 'reports', 'stock', 'tills'].sort());
    expect(lazily('exceljs')).toEqual(expect.arrayContaining(['inventory', 'templates', 'tenants', 'stock', 'purchases']));
    expect(lazily('exceljs')).not.toContain('auth');
  });

  it('build at start only the schemas their own routes import', () => {
    // Code that only says a message or checks a limit imports it from a zod-free module (`*-messages.ts`), so a
    // domain never builds another domain's schemas at start. The inventory upload checks spreadsheet rows with the
    // GST field schemas itself.
    const usedBeyondRoutes: Record<string, string[]> = { inventory: ['shared/schemas/gst.ts'] };
    for (const [name, bundle] of bundles) {
      const domain = /^functions\/(\w+)\/handler\.ts$/.exec(bundle.entry)?.[1];
      if (!domain) continue;
      const allowed = new Set([...schemaModulesOf(`shared/routes/${domain}.ts`), ...(usedBeyondRoutes[domain] ?? [])]);
      expect(bundle.schemaModulesAtInit.filter((m) => !allowed.has(m)), name).toEqual([]);
    }
    // The route table declares answers as types (`answer<typeof …>()`), so no function builds an answer schema.
    const withAnswers = [...bundles].filter(([, b]) => b.schemaModulesAtInit.some((m) => m.endsWith('-answers.ts'))).map(([name]) => name);
    expect(withAnswers).toEqual([]);
  });

  it('keep the sign-in trigger within 100 KB of its own code at init, without zod or the S3 client', () => {
    const [name, bundle] = [...bundles].find(([, b]) => b.entry === preTokenEntry)!;
    expect(bundle.initBytes - bundle.sdkBytesAtInit, name).toBeLessThanOrEqual(100 * KB);
    expect(bundle.packagesAtInit, name).not.toContain('zod');
    expect(bundle.packagesAtInit, name).not.toContain('@aws-sdk/client-s3');
  });

  it('ship the PDF fonts only where a PDF is made, and their source maps beside the code', () => {
    for (const asset of assets) {
      const bundle = bundles.get(asset.name)!;
      expect(existsSync(path.join(asset.dir, 'fonts', 'DejaVuSansCondensed.ttf')), asset.name).toBe(bundle.makesPdf);
      expect(existsSync(path.join(asset.dir, 'index.mjs.map')), asset.name).toBe(true);
      const code = readFileSync(path.join(asset.dir, 'index.mjs'), 'utf8');
      // Maps are read when an error is logged (functions/lib/stack-trace.ts), not by the runtime at every start.
      expect(asset.literalEnvironment.NODE_OPTIONS ?? '', asset.name).not.toContain('--enable-source-maps');
      expect(code.startsWith("import { createRequire } from 'module';"), asset.name).toBe(true);
    }
    expect(bundles.get('ShopApi/auth/Function')!.makesPdf).toBe(false);
  });
});

/** Who calls: the demo shop's admin (every feature) and its customer, as the gateway's verified claims. */
interface People {
  adminId: number;
  adminRoleIds: string;
  customer: { appUserId: number; customerId: number; roleIds: string };
}
type Caller = { email: string; appUserId: number; roleIds: string; roleNames: string; features: string };
const adminOf = (people: People): Caller => ({ email: 'admin@demo.shop', appUserId: people.adminId, roleIds: people.adminRoleIds, roleNames: 'ADMIN', features: allFeatures.join(',') });
const customerFeatures = defaultRoles.find((role) => role.name === ROLE.CUSTOMER)!.features.join(',');
const customerOf = (people: People): Caller => ({
  email: 'customer@demo.shop',
  appUserId: people.customer.appUserId,
  roleIds: people.customer.roleIds,
  roleNames: ROLE.CUSTOMER,
  features: customerFeatures,
});

/** An API Gateway v2 event (events/api-gateway-v2.json) as the gateway builds it for a verified caller. */
function apiEvent(routeKey: string, rawPath: string, caller: Caller | undefined, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const event = JSON.parse(readFileSync(path.join(events, 'api-gateway-v2.json'), 'utf8'));
  const [method] = routeKey.split(' ');
  event.routeKey = event.requestContext.routeKey = routeKey;
  event.rawPath = rawPath;
  const [pathOnly, query = ''] = rawPath.split('?');
  event.rawPath = pathOnly;
  event.rawQueryString = query;
  // As API Gateway fills them: each `{name}` of the route's path from the same segment of the request's path.
  const template = routeKey.split(' ')[1]!.split('/');
  const segments = pathOnly!.split('/');
  const params = Object.fromEntries(template.flatMap((part, i) => (/^\{\w+\}$/.test(part) ? [[part.slice(1, -1), segments[i]!]] : [])));
  event.pathParameters = Object.keys(params).length ? params : undefined;
  event.queryStringParameters = query ? Object.fromEntries(new URLSearchParams(query)) : undefined;
  event.requestContext.http = { ...event.requestContext.http, method, path: `/api${pathOnly}` };
  event.headers = { ...event.headers, ...options.headers };
  if (!caller) {
    delete event.headers.authorization;
    delete event.requestContext.authorizer;
  } else {
    Object.assign(event.requestContext.authorizer.jwt.claims, { ...caller, 'custom:tenantId': 'demo', appUserId: String(caller.appUserId) });
  }
  if (options.body !== undefined) {
    event.body = JSON.stringify(options.body);
    event.headers['content-type'] = 'application/json';
  }
  return event;
}

interface Invocation {
  /** Part of a construct path: the function it is for. */
  fn: string;
  event: (people: People) => unknown;
  /** What the answer must show for the bundle to have done its work (reached the emulators, drawn the PDF...). */
  check: (result: Record<string, unknown>) => void;
}

const status = (expected: number) => (result: Record<string, unknown>) => expect(result.statusCode, JSON.stringify(result).slice(0, 300)).toBe(expected);
const fileOf = (contentType: RegExp) => (result: Record<string, unknown>) => {
  status(200)(result);
  expect(String((result.headers as Record<string, string>)['content-type'])).toMatch(contentType);
};
const get = (fn: string, routeKey: string, rawPath = routeKey.split(' ')[1]!, check = status(200)): Invocation => ({
  fn,
  event: (people) => apiEvent(routeKey, rawPath, adminOf(people)),
  check,
});
/** A storefront read of the demo customer's own records. */
const customerGet = (fn: string, routeKey: string, rawPath: (customerId: number) => string, check = status(200)): Invocation => ({
  fn,
  event: (people) => apiEvent(routeKey, rawPath(people.customer.customerId), customerOf(people)),
  check,
});

/**
 * One sample call per function: a read that reaches the table through the bundle's SDK, and, where a function
 * makes PDFs or spreadsheets, a call that loads those chunks and the fonts.
 */
const invocations: Invocation[] = [
  {
    fn: 'auth/',
    event: () => apiEvent('POST /token/generate', '/token/generate', undefined, { body: { username: 'admin@demo.shop', password: 'Not-the-password1' }, headers: { 'x-tenantid': 'demo' } }),
    check: status(401),
  },
  get('users/', 'GET /appUser/user'),
  get('tenants/', 'GET /tenant/currentTenant'),
  get('roles/', 'GET /role/employeeRole'),
  get('policies/', 'GET /policy/all'),
  get('categories/', 'GET /category'),
  get('products/', 'GET /product/all'),
  get('taxes/', 'GET /tax'),
  get('templates/', 'GET /template/get', '/template/get', fileOf(/spreadsheetml/)),
  { fn: 'uploads/', event: (people) => apiEvent('POST /upload/image', '/upload/image', adminOf(people)), check: status(400) },
  get('customers/', 'GET /customer/mobile'),
  get('inventory/', 'GET /inventory/all'),
  get('stock/', 'GET /stock'),
  get('partners/', 'GET /businessPartners'),
  get('leave/', 'GET /leaveMaster'),
  get('holidays/', 'GET /publicHolidays'),
  get('purchases/', 'GET /purchase/{id}', '/purchase/999999999', status(404)),
  get('reports/', 'GET /report/stock', '/report/stock?format=pdf', fileOf(/pdf/)),
  get('expenses/', 'GET /expense/{id}', '/expense/999999999', status(404)),
  get('audit/', 'GET /audit'),
  get('tills/', 'GET /till/closes/{month}/{year}/cashiers', '/till/closes/1/2026/cashiers'),
  get('accounts/', 'GET /account/{customerId}', '/account/999999999', status(404)),
  { fn: 'messages/', event: (people) => apiEvent('POST /message/email', '/message/email', adminOf(people), { body: {} }), check: status(400) },
  customerGet('cart/', 'GET /cart/byCustomerStatus/{customerId}/{status}', (id) => `/cart/byCustomerStatus/${id}/InCart`),
  customerGet('wish/', 'GET /wish/count/{customerId}', (id) => `/wish/count/${id}`),
  customerGet('payments/', 'GET /payment/order/{orderId}', () => '/payment/order/order_SampleNotInShop', status(404)),
  {
    fn: 'PreToken',
    event: () => JSON.parse(readFileSync(path.join(events, 'cognito-pre-token.json'), 'utf8')),
    check: (result) => expect((result.response as { claimsOverrideDetails: { claimsToAddOrOverride: { roleNames: string } } }).claimsOverrideDetails.claimsToAddOrOverride.roleNames).toBe('ADMIN'),
  },
  {
    // The CloudFormation custom resource that provisions the platform shop; a Delete changes nothing.
    fn: 'PlatformSetup',
    event: () => JSON.parse(readFileSync(path.join(events, 'cloudformation-delete.json'), 'utf8')),
    check: (result) => expect(result.PhysicalResourceId).toMatch(/^platform-tenant-/),
  },
  {
    fn: 'PaymentSteps',
    event: () => JSON.parse(readFileSync(path.join(events, 'payment-step.json'), 'utf8')),
    check: (result) => expect(result.verified).toBe(false),
  },
  {
    // A round of every shop's marked payments: it reaches the directory and each shop's marks.
    fn: 'PaymentSweeper',
    event: () => ({}),
    check: (result) => expect(Array.isArray(result.completed) && Array.isArray(result.stillStuck)).toBe(true),
  },
  {
    fn: 'DailyReports',
    event: () => JSON.parse(readFileSync(path.join(events, 'scheduler-daily-report.json'), 'utf8')),
    // Mailing the demo shop's report draws its PDF: the lazily loaded chunks and the fonts must be there.
    check: (result) => expect(result.failed).toEqual([]),
  },
];

/**
 * Template references (a table name, a pool id) become the local stack's values; the provider and cursor secrets,
 * the tenant-access role and the state machine exist only in AWS (the local stack passes keys, has no IAM and
 * runs the workflow itself).
 */
const awsOnly = new Set(['RAZORPAY_SECRET_ARN', 'WHATSAPP_SECRET_ARN', 'PAYMENT_TO_ORDER_ARN', 'CURSOR_SECRET_ARN', 'TENANT_ACCESS_ROLE_ARN', 'ORIGIN_VERIFY']);

describe('every function bundle, copied to an empty folder and run as Lambda runs it', () => {
  it('has a sample call here', () => {
    for (const asset of assets) expect(invocations.filter((i) => asset.name.includes(i.fn)), asset.name).toHaveLength(1);
  });

  it('starts, answers its sample event from events/ and reaches the emulators', async () => {
    const local = inject('stackEnv');
    const admin = await userData.byUserName('demo', 'admin@demo.shop');
    const customerUser = await userData.byUserName('demo', 'customer@demo.shop');
    const customer = customerUser && (await customerData.byAppUser('demo', customerUser.appUserId));
    // The claims the pre-token trigger would issue: the server compares them with the user's current roles.
    const roleIdsOf = (user: typeof admin) => user!.appUserRole.map((r) => r.roleId).join(',');
    const people: People = {
      adminId: admin!.appUserId,
      adminRoleIds: roleIdsOf(admin),
      customer: { appUserId: customerUser!.appUserId, customerId: customer!.customerId, roleIds: roleIdsOf(customerUser) },
    };
    const failures: string[] = [];
    // Two at a time: each is a fresh Node process, as a cold start is.
    const queue = [...assets];
    const worker = async () => {
      for (let asset = queue.shift(); asset; asset = queue.shift()) {
        const invocation = invocations.find((i) => asset!.name.includes(i.fn))!;
        const task = path.join(scratch, 'task', asset.name.replaceAll('/', '-'));
        cpSync(asset.dir, task, { recursive: true });
        const eventFile = `${task}.event.json`;
        writeFileSync(eventFile, JSON.stringify(invocation.event(people)));
        const referenced = asset.referencedEnvironment.filter((name) => !awsOnly.has(name));
        for (const name of referenced) if (!local[name]) failures.push(`${asset.name}: the local stack has no value for ${name}`);
        const env = {
          PATH: process.env.PATH,
          ...asset.literalEnvironment,
          ...Object.fromEntries(referenced.map((name) => [name, local[name]])),
          // Where the emulators are (the only difference from AWS), and the simulators' keys.
          ...local,
          // Locally list cursors are signed with a key from the environment instead of CURSOR_SECRET_ARN's secret.
          CURSOR_SECRET: process.env.CURSOR_SECRET ?? 'bundle-smoke-test-cursor-key',
          LOG_LEVEL: 'silent',
        };
        const { stdout } = await run(process.execPath, [probe, task, asset.handler, eventFile], { env, cwd: path.dirname(task), timeout: 60_000 });
        const answer = JSON.parse(stdout.trim().split('\n').at(-1)!) as { result?: Record<string, unknown>; error?: string };
        try {
          if (answer.error) throw new Error(answer.error);
          invocation.check(answer.result!);
        } catch (error) {
          failures.push(`${asset.name}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
  }, 240_000);

  it('loads each chunk it imports on first use (SDK clients, PDF and spreadsheet libraries) from that folder alone', async () => {
    // The sample calls load only the chunks their route needs; the others (STS and Secrets Manager exist only in
    // AWS) are imported here, in a fresh process with no module resolution beyond the folder.
    const failures: string[] = [];
    for (const asset of assets) {
      const task = path.join(scratch, 'chunks', asset.name.replaceAll('/', '-'));
      cpSync(asset.dir, task, { recursive: true });
      const chunks = readdirSync(task).filter((file) => file.endsWith('.mjs') && file !== 'index.mjs');
      const script = `for (const url of ${JSON.stringify(chunks.map((file) => pathToFileURL(path.join(task, file)).href))}) await import(url);`;
      try {
        await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: task, env: { PATH: process.env.PATH }, timeout: 60_000 });
      } catch (error) {
        failures.push(`${asset.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
