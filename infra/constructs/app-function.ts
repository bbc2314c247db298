import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';

/** The repository root: entries, the lock file and tsconfig are resolved from here, whatever the working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * ESM bundles still contain CommonJS dependencies that call `require`; Node gives ES modules no `require`, so
 * every output file recreates it before any dependency code runs.
 */
const requireShim = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** The module that draws PDFs; a bundle that contains it ships the fonts it reads (see functions/lib/pdf.ts). */
const pdfModule = 'functions/lib/pdf.ts';
const fontsDir = path.join(repoRoot, 'functions/lib/fonts');

export interface AppFunctionProps {
  /** Source file relative to the repository root, exporting `handler`. */
  entry: string;
  environment: Record<string, string>;
  description: string;
  memorySize?: number;
  timeout?: Duration;
}

/**
 * Bundles one function with esbuild, locally (never in Docker, so synth works offline):
 * - ES modules with code splitting, so modules the code imports on first use (`await import(...)`: pdf-lib,
 *   fontkit, exceljs, the Razorpay SDK) become files of their own that a cold start does not load;
 * - the pinned AWS SDK v3 inside the bundle, tree-shaken and minified: it starts several times faster than the
 *   runtime's own copy and is the version the tests ran (docs/aws.md, "Function bundles");
 * - source maps beside the code but never loaded at start: functions/lib/stack-trace.ts reads them when an error is
 *   logged, so traces name the source file and line without `--enable-source-maps` parsing them on every cold start;
 * - the PDF fonts only in bundles that contain the PDF module.
 */
export function bundleFunction(entry: string, outputDir: string): BundleSummary {
  const result = buildSync({
    absWorkingDir: repoRoot,
    entryPoints: { index: path.join(repoRoot, entry) },
    outdir: outputDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    banner: { js: requireShim },
    minify: true,
    // Names are not kept: keeping them costs a call per function and class at every cold start (about a tenth of a
    // function's init). Nothing of ours reads a minified name: the tenant fence tells commands apart by class, our
    // errors and the SDK's exceptions name themselves, and the SDK's clients get `sdkLogger` (functions/lib/aws.ts).
    keepNames: false,
    sourcemap: 'linked',
    sourcesContent: false,
    // Lambda gives a function its role's credentials in the environment: the SDK's default chain is not needed there.
    alias: { '@aws-sdk/credential-provider-node': path.join(repoRoot, 'functions/lib/lambda-credentials.ts') },
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    metafile: true,
    logLevel: 'error',
  });
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.map'))) repoRelativeSources(path.join(repoRoot, file));
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  const [indexFile] = outputs.find(([file]) => path.basename(file) === 'index.mjs')!;
  // What a cold start loads: index.mjs and every chunk it imports statically (code it shares with lazy chunks).
  const atInit = new Set([indexFile]);
  for (const file of atInit) {
    for (const { path: imported, kind } of result.metafile.outputs[file]!.imports) if (kind === 'import-statement' && imported.endsWith('.mjs')) atInit.add(imported);
  }
  const initOutputs = outputs.filter(([file]) => atInit.has(file));
  const inputs = (output: (typeof outputs)[number][1]) => Object.keys(output.inputs);
  const makesPdf = outputs.some(([, output]) => inputs(output).includes(pdfModule));
  if (makesPdf) cpSync(fontsDir, path.join(outputDir, 'fonts'), { recursive: true });
  const sdkBytes = initOutputs
    .flatMap(([, output]) => Object.entries(output.inputs))
    .filter(([input]) => /node_modules\/(@aws-sdk|@smithy|@aws)\//.test(input))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  const packagesOf = (files: string[]) => [...new Set(files.flatMap((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1] ?? []))];
  const initInputs = [...new Set(initOutputs.flatMap(([, output]) => inputs(output)))];
  return {
    entry,
    initBytes: initOutputs.reduce((sum, [, output]) => sum + output.bytes, 0),
    sdkBytesAtInit: sdkBytes,
    packagesAtInit: packagesOf(initOutputs.flatMap(([, output]) => inputs(output))),
    lazyPackages: packagesOf(outputs.filter(([file]) => !atInit.has(file)).flatMap(([, output]) => inputs(output))),
    schemaModulesAtInit: initInputs.filter((f) => f.startsWith('shared/schemas/') && buildsSchemas(f)).sort(),
    makesPdf,
  };
}

/** What one bundle holds, for the budgets test (test/integration/bundles.test.ts) and the cold-start bench. */
export interface BundleSummary {
  entry: string;
  /** What a cold start loads: `index.mjs` and the chunks it imports statically (the others on first use). */
  initBytes: number;
  /** Of that, the AWS SDK's share (clients, @smithy runtime). */
  sdkBytesAtInit: number;
  packagesAtInit: string[];
  /** Packages only in chunks loaded by `await import(...)`. */
  lazyPackages: string[];
  /** The modules of shared/schemas that build zod schemas when a cold start loads them (message modules left out). */
  schemaModulesAtInit: string[];
  /** Contains the PDF module, so ships the fonts. */
  makesPdf: boolean;
}

/** A module that builds zod schemas as it loads (rather than only naming messages and limits). */
const buildsSchemas = (file: string) => /from 'zod'/.test(readFileSync(path.join(repoRoot, file), 'utf8'));

/** Source paths in a map as the repository names them (`functions/lib/handler.ts`), not relative to a build folder. */
function repoRelativeSources(mapFile: string) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  map.sources = map.sources.map((source) => path.relative(repoRoot, path.resolve(path.dirname(mapFile), source)));
  writeFileSync(mapFile, JSON.stringify(map));
}

/**
 * A Lambda function of this project: Node.js 22 on arm64, bundled by `bundleFunction`, with its own log group so
 * retention is bounded and the logs go when the stack goes, and active X-Ray tracing.
 */
export class AppFunction extends LambdaFunction {
  /** Set when this construct bundled its code (a second function of the same entry in one synth reuses the asset). */
  readonly bundle: BundleSummary | undefined;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    let bundle: BundleSummary | undefined;
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      code: Code.fromAsset(repoRoot, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled: local bundling either succeeds or throws (esbuild runs in this process).
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
          // CDK caches assets within a synth by their bundling options; the entry tells the functions apart.
          environment: { ENTRY: props.entry },
          local: {
            tryBundle(outputDir) {
              bundle = bundleFunction(props.entry, outputDir);
              return true;
            },
          },
        },
      }),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      environment: props.environment,
      // X-Ray traces each invocation from the Lambda service (init, invocation, the caller's trace id): no SDK in
      // the bundle, so a cold start loads nothing more (docs/aws.md, "Monitoring").
      tracing: Tracing.ACTIVE,
    });
    this.bundle = bundle;
  }
}
