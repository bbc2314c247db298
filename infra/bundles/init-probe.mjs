// Runs one function bundle in this fresh process as Lambda's init and invoke do: imports the handler file (timed),
// and, when an event file is named, calls the handler with it.
// Usage: node init-probe.mjs [--bare] <task dir> <file.export> [event.json]
// By default the runtime's module hooks are registered first (lambda-runtime.mjs: the runtime's AWS SDK, nothing
// else), so a module the bundle left out fails here as in AWS. `--bare` imports with no hooks, as Lambda's own
// import runs: the cold-start bench times that way, since every hook call is a round trip to the hooks' thread
// that Lambda does not make (a bundle carries its SDK and imports no package of the runtime's).
// Prints one JSON line: { initMs, initCpuMs, result?, error? }. initCpuMs is the processor time the import took (all
// threads of the process), which a busy machine stretches far less than the elapsed initMs.
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const bare = args[0] === '--bare';
if (!bare) register('./lambda-runtime.mjs', import.meta.url);
const [taskDir, handlerName = 'index.handler', eventFile] = bare ? args.slice(1) : args;
const dot = handlerName.lastIndexOf('.');
const file = path.join(taskDir, `${handlerName.slice(0, dot)}.mjs`);
const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
try {
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  const module = await import(pathToFileURL(file).href);
  const initMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuAtStart);
  const initCpuMs = (cpu.user + cpu.system) / 1000;
  const handler = module[handlerName.slice(dot + 1)];
  if (typeof handler !== 'function') throw new Error(`${file} exports no function ${handlerName.slice(dot + 1)}`);
  if (!eventFile) {
    out({ initMs, initCpuMs });
  } else {
    const event = JSON.parse(readFileSync(eventFile, 'utf8'));
    const context = { awsRequestId: 'smoke-test', functionName: path.basename(taskDir), getRemainingTimeInMillis: () => 10_000 };
    out({ initMs, initCpuMs, result: await handler(event, context) });
  }
} catch (error) {
  out({ error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error) });
}
process.exit(0);
