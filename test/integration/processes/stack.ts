/**
 * The whole local stack (emulators, simulators and the gateway) in its own process, so a test can kill all of it with
 * SIGKILL midway through its writes and start it again on the same folder and ports. Prints one JSON line once it
 * serves: its API address.
 */
import type { Ports } from '../../../infra/local/stack.js';
import { startLocalStack } from '../../../infra/local/stack.js';

const [ports, dataDir] = [JSON.parse(process.argv[2]!) as Ports, process.argv[3]!];
const stack = await startLocalStack({ dataDir, ports, seed: true, logLevel: 'error', clientLimitFactor: 100, shopRequestsPerSecond: 100_000 });
process.stdout.write(`${JSON.stringify({ apiUrl: stack.apiUrl, seeded: stack.seeded })}\n`);
