import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server } from 'node:http';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import sesModule from 'aws-ses-v2-local';
import { withTransactions } from './dynamo-transactions.js';
import { assertPortFree, waitForPort } from './ports.js';
import { cognitoKeyOverride } from './signing-key.js';

const require = createRequire(import.meta.url);

export interface Emulator {
  name: string;
  stop(): Promise<void>;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** DynamoDB API on LevelDB files under `dir` (kept across restarts), with transactions added in front. */
export async function startDynalite(port: number, dir: string): Promise<Emulator> {
  mkdirSync(dir, { recursive: true });
  const inner = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }) as Server;
  // Beside the LevelDB folder: a transaction killed midway is undone from it at the next start.
  const server = await withTransactions(inner, `${dir}-journal.json`);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    name: 'dynalite',
    stop: async () => {
      await closeServer(server);
      await closeServer(inner);
    },
  };
}

const corsConfig = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** S3 API with the assets bucket (CORS set so browser uploads with presigned URLs pass the preflight). */
export async function startS3(port: number, dir: string, bucket: string): Promise<Emulator> {
  mkdirSync(dir, { recursive: true });
  const s3 = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [corsConfig] }],
  });
  await s3.run();
  return { name: 's3rver', stop: () => s3.close() };
}

/** SES API; sent mail is readable at `GET /store` and on its web page. In memory only. */
export async function startSes(port: number): Promise<Emulator> {
  // The emulator listens without an error handler, so a taken port would end the process instead of failing here.
  await assertPortFree(port, 'ses');
  const server = (await (((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule)({ host: '127.0.0.1', port })) as Server;
  return { name: 'aws-ses-v2-local', stop: () => closeServer(server) };
}

/**
 * cognito-local in its own process (it keeps its data in `./.cognito` of its working directory). Its
 * PreTokenGeneration trigger is called through the Lambda Invoke API that the local gateway answers. It signs tokens
 * with the data folder's own key (`keyFile`, signing-key.ts), never with the key pair published in its package.
 */
export async function startCognito(
  port: number,
  dir: string,
  lambda: { endpoint: string; accessKeyId: string; secretAccessKey: string },
  keyFile: string,
): Promise<Emulator> {
  const configDir = path.join(dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: { endpoint: lambda.endpoint, region: 'local', credentials: { accessKeyId: lambda.accessKeyId, secretAccessKey: lambda.secretAccessKey } },
        TriggerFunctions: { PreTokenGeneration: 'pre-token' },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  // Another program on the port would answer the readiness check below in cognito-local's place.
  await assertPortFree(port, 'cognito');
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  // cognito-local runs in a process of its own. It ends when its stdin closes, which happens when the stack's
  // process ends in any way (even SIGKILL), so a crashed stack never leaves it holding its port.
  const boot = `process.stdin.on('end', () => process.exit(0)); process.stdin.resume(); ${cognitoKeyOverride(keyFile, require.resolve)} require(${JSON.stringify(bin)});`;
  const child: ChildProcess = spawn(process.execPath, ['-e', boot], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`cognito-local exited (${code}): ${output}`))),
  );
  await Promise.race([waitForPort(port), exited]);
  exited.catch(() => undefined);
  return {
    name: 'cognito-local',
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
