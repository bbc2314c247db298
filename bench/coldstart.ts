import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesUnder, filesLoadedAtInit, functionAssets, synthesizeShop, type FunctionAsset } from '../infra/bundles/function-assets.js';

const probe = fileURLToPath(new URL('../infra/bundles/init-probe.mjs', import.meta.url));
/** Fresh processes per bundle (and as many of the empty handler, in turns): 5, or COLDSTART_SAMPLES. */
const SAMPLES = Number(process.env.COLDSTART_SAMPLES ?? 5);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface InitTime {
  /** Elapsed, as a cold start waits for it. */
  ms: number;
  /** Processor time of the import: what the code costs, less stretched by other work on the machine. */
  cpuMs: number;
}

/**
 * Imported as Lambda's runtime imports a handler, with no module hooks. COLDSTART_HOOKS=1 imports through the
 * smoke test's hooks instead (infra/bundles/lambda-runtime.mjs), as this bench did before: each module a cold start
 * loads then costs a round trip to the hooks' thread, which Lambda does not make.
 */
const throughHooks = process.env.COLDSTART_HOOKS === '1';

/** Module init of one bundle in a fresh Node process importing it, as Lambda's init does. */
function initTime(taskDir: string, env: Record<string, string>): InitTime {
  const line = execFileSync(process.execPath, [probe, ...(throughHooks ? [] : ['--bare']), taskDir, 'index.handler'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  const answer = JSON.parse(line.trim().split('\n').at(-1)!) as { initMs?: number; initCpuMs?: number; error?: string };
  if (answer.initMs === undefined || answer.initCpuMs === undefined) throw new Error(`${taskDir}: ${answer.error}`);
  return { ms: answer.initMs, cpuMs: answer.initCpuMs };
}

/**
 * Medians of `SAMPLES` fresh processes for each function and for the empty handler beside it. The samples are taken
 * in rounds over all functions (the empty handler, then the function, for each in turn), so a slow minute of a shared
 * machine falls on every function alike rather than on the few measured during it, and "vs empty" compares like
 * with like.
 */
function initTimesInRounds(empty: string, tasks: { dir: string; env: Record<string, string> }[]) {
  const samples = tasks.map(() => ({ fn: [] as InitTime[], empty: [] as InitTime[] }));
  for (let round = 0; round < SAMPLES; round++) {
    tasks.forEach((task, i) => {
      samples[i]!.empty.push(initTime(empty, {}));
      samples[i]!.fn.push(initTime(task.dir, task.env));
    });
  }
  const medians = (times: InitTime[]) => ({ ms: median(times.map((t) => t.ms)), cpuMs: median(times.map((t) => t.cpuMs)) });
  return samples.map((s) => ({ fn: medians(s.fn), empty: medians(s.empty) }));
}

/** The deployment package as Lambda receives it: the asset folder zipped. */
function zippedSize(dir: string, scratch: string): number {
  const zipFile = path.join(scratch, `${path.basename(dir)}.zip`);
  execFileSync('zip', ['-qr', '-X', zipFile, '.'], { cwd: dir });
  return statSync(zipFile).size;
}

/**
 * `npm run bench -- coldstart`: every function `cdk synth` builds, with its asset size, zipped size and module
 * init time (median of 5 fresh processes, or COLDSTART_SAMPLES), next to an empty handler's init measured the same
 * way in the same run.
 * CDK_OUT=<dir> measures an existing cloud assembly instead of synthesizing one.
 */
export async function coldstartBenchmark(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-coldstart-'));
  try {
    let cdkOut = process.env.CDK_OUT;
    if (!cdkOut) {
      cdkOut = path.join(scratch, 'cdk.out');
      synthesizeShop(cdkOut);
    }
    const empty = path.join(scratch, 'empty');
    mkdirSync(empty);
    writeFileSync(path.join(empty, 'index.mjs'), 'export const handler = async () => ({});\n');

    console.log(`\nCold start: module init, median of ${SAMPLES} fresh Node ${process.version} processes, an empty handler's run in turns with each, in rounds over all functions`);
    console.log(throughHooks ? 'imported through the module hooks of the bundle smoke test (COLDSTART_HOOKS=1)' : 'imported as the Lambda runtime imports a handler, without module hooks');
    console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`| function | index.mjs | loaded at init | lazy chunks | maps | fonts | zipped | init ms | empty ms | vs empty | init CPU ms | empty CPU ms |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
    // Lambda unpacks the code into an empty /var/task: no node_modules of the repository within reach.
    const functions = functionAssets(cdkOut).map((fn) => {
      const task = path.join(scratch, 'task', fn.name.replaceAll('/', '-'));
      cpSync(fn.dir, task, { recursive: true });
      return { fn, dir: task, env: environmentOf(fn) };
    });
    const times = initTimesInRounds(empty, functions);
    functions.forEach(({ fn, dir: task }, i) => {
      const init = times[i]!;
      const loaded = filesLoadedAtInit(task);
      const code = bytesUnder(task, (f) => f.endsWith('.mjs'));
      const atInit = loaded.reduce((sum, f) => sum + statSync(path.join(task, f)).size, 0);
      console.log(
        `| ${fn.name} | ${kb(statSync(path.join(task, 'index.mjs')).size)} | ${kb(atInit)} | ${kb(code - atInit)} | ${kb(bytesUnder(task, (f) => f.endsWith('.map')))} | ` +
          `${kb(bytesUnder(task, (f) => f.startsWith('fonts')))} | ${kb(zippedSize(task, scratch))} | ${init.fn.ms.toFixed(0)} | ${init.empty.ms.toFixed(0)} | ` +
          `+${(init.fn.ms - init.empty.ms).toFixed(0)} | ${init.fn.cpuMs.toFixed(0)} | ${init.empty.cpuMs.toFixed(0)} |`,
      );
    });
    console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** What the template sets, with stand-ins for deploy-time references (init reads no resource). */
function environmentOf(fn: FunctionAsset): Record<string, string> {
  return { AWS_REGION: 'ap-south-1', ...fn.literalEnvironment, ...Object.fromEntries(fn.referencedEnvironment.map((name) => [name, `bench-${name.toLowerCase()}`])) };
}
