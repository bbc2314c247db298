import { inTenant } from '../functions/lib/tenant-scope.js';
import { stockReport } from '../functions/stock/report.js';

/**
 * One stock report file made as the stock function makes it, in a process of its own (bundled, as Lambda runs it):
 * `node probe.mjs <tenant> <pdf|excel>` prints its elapsed and processor time, the process's peak RSS and the file's
 * size as one JSON line. The local stack's environment (TABLE_NAME, DYNAMODB_ENDPOINT, ...) comes from the parent.
 */
const [tenantId, format] = process.argv.slice(2) as [string, 'pdf' | 'excel'];
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
const file = await inTenant(tenantId, () => stockReport(tenantId, format, { view: 'full' }, new Date()));
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    ms: Number(process.hrtime.bigint() - started) / 1e6,
    cpuMs: (used.user + used.system) / 1000,
    rssMb: process.resourceUsage().maxRSS / 1024,
    bytes: file.body.length,
  }),
);
