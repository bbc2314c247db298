import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface RunningStack {
  url: string;
  sesUrl: string;
  /** The WhatsApp Cloud API simulator (GET /messages lists what was sent). */
  whatsappUrl: string;
  idTokenMinutes: number;
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 300_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs test/e2e/stack.ts in a child process and resolves with its addresses once it is serving. */
export function launchStack(env: Record<string, string> = {}): Promise<RunningStack> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'test', 'e2e', 'stack.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    // Only a stack that hangs is given up on: starting the emulators and seeding the demo shop took over a minute
    // while the machine's load average was above 20, and a stack that fails exits (below) with its own error.
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The local stack did not start within ${STARTUP_LIMIT_MS / 1000} s`));
    }, STARTUP_LIMIT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited with code ${code} before it was ready`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as Omit<RunningStack, 'stop'>;
      resolve({ ...info, stop });
    });
  });
}
