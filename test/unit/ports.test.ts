import net from 'node:net';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startSes } from '../../infra/local/emulators.js';
import { freePort, isAddressInUse } from '../../infra/local/ports.js';

const firstEphemeral = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

const holders: net.Server[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function hold(port: number): Promise<void> {
  const server = net.createServer();
  holders.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

describe('free ports for the test stacks', () => {
  it('are picked below the range the kernel hands out itself, and never twice', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(firstEphemeral);
    }
  });

  it('the SES emulator on a taken port fails with EADDRINUSE instead of ending the process', async () => {
    const port = await freePort();
    await hold(port);
    const error = await startSes(port).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAddressInUse(error)).toBe(true);
    expect((error as Error).message).toBe(`Port ${port} (ses) is already in use. Stop the program using it, or set the port with SES_PORT.`);
  });

  it('recognises a taken port by its code or by a child process message', () => {
    expect(isAddressInUse(Object.assign(new Error('x'), { code: 'EADDRINUSE' }))).toBe(true);
    expect(isAddressInUse(new Error('cognito-local exited (1): Error: listen EADDRINUSE: address already in use'))).toBe(true);
    expect(isAddressInUse(new Error('ECONNREFUSED'))).toBe(false);
    expect(isAddressInUse(undefined)).toBe(false);
  });
});
