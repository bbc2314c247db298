/**
 * Starts the local stack for the browser tests and the screenshots in its own process (the stack's TypeScript
 * runs under tsx, not under Playwright's loader), prints its addresses as one JSON line, and stops on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalStack } from '../../infra/local/stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const idTokenMinutes = Number(process.env.E2E_TOKEN_MINUTES ?? 5);

const stack = await startLocalStack({
  dataDir,
  ports: 'free',
  webRoot: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'frontend', 'dist'),
  seed: true,
  idTokenMinutes,
  logLevel: 'error',
  // Every browser test comes from 127.0.0.1: per-client limits are raised; per-user limits stay as in production.
  clientLimitFactor: 100,
  shopRequestsPerSecond: 100_000,
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent going away (a crashed test run) must not leave emulators behind.
process.stdin.on('end', stop);
process.stdin.resume();

process.stdout.write(`${JSON.stringify({ url: stack.url, sesUrl: stack.sesUrl, whatsappUrl: stack.whatsappUrl, idTokenMinutes })}\n`);
