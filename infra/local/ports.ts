import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port the test stacks pick from; the range ends below the kernel's ephemeral ports. */
const FIRST_TEST_PORT = 10_000;

/** Where the kernel's own port choices start (outgoing connections, `listen(0)`). */
function firstEphemeralPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports this process has handed out, so two emulators never get the same one. */
const handedOut = new Set<number>();

/**
 * A port that is free right now (tests run every emulator on free ports). It is picked at random below the
 * kernel's ephemeral range: a port the kernel itself hands out for `listen(0)` or an outgoing connection could be
 * taken again by one of those between this check and the emulator listening on it.
 */
export async function freePort(): Promise<number> {
  const end = firstEphemeralPort();
  for (let attempt = 0; attempt < 100 && end - FIRST_TEST_PORT > 1_000; attempt++) {
    const port = FIRST_TEST_PORT + Math.floor(Math.random() * (end - FIRST_TEST_PORT));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port found between ${FIRST_TEST_PORT} and ${end}`);
}

/** True for the error of a port that another program took. */
export function isAddressInUse(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'EADDRINUSE' || /EADDRINUSE/.test(message ?? '');
}

/** Fails with a clear message when a fixed port is taken by another program. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'EADDRINUSE'
          ? `Port ${port} (${what}) is already in use. Stop the program using it, or set the port with ${what.toUpperCase().replace(/[^A-Z]/g, '_')}_PORT.`
          : `Cannot listen on port ${port} (${what}): ${error.message}`;
      reject(Object.assign(new Error(message), { code: error.code }));
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nothing answered on port ${port} within ${timeoutMs} ms`);
}
