/**
 * The local DynamoDB (dynalite with its transaction front) alone, in its own process, so a test can kill it with
 * SIGKILL midway through its writes and start it again on the same folder. Prints `ready` once it serves.
 */
import { startDynalite } from '../../../infra/local/emulators.js';
import { ensureTable } from '../../../infra/local/resources.js';

const [port, dir] = [Number(process.argv[2]), process.argv[3]!];
await startDynalite(port, dir);
await ensureTable(`http://127.0.0.1:${port}`, 'shop');
process.stdout.write('ready\n');
