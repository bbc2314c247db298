import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** The repository root: entries, the lock file and tsconfig are resolved from here, whatever the working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * ESM bundles still contain CommonJS dependencies that call `require`; Node gives ES modules no `require`, so
 * the bundle recreates it before any dependency code runs.
 */
const requireShim = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export interface AppFunctionProps {
  /** Source file relative to the repository root, exporting `handler`. */
  entry: string;
  environment: Record<string, string>;
  description: string;
  memorySize?: number;
  timeout?: Duration;
}

/**
 * A Lambda function of this project: Node.js 22 on arm64, bundled locally by esbuild as ESM (never in Docker, so
 * synth works offline), with its own log group so retention is bounded and the logs go when the stack goes.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: path.join(repoRoot, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: requireShim,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The pinned SDK goes into the bundle so AWS runs the same client version as the local stack and tests.
        bundleAwsSDK: true,
        tsconfig: path.join(repoRoot, 'tsconfig.json'),
        // Receipts and reports draw ₹ with the embedded font that functions/lib/pdf.ts reads beside the bundle.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [`cp -r "${inputDir}/functions/lib/fonts" "${outputDir}/fonts"`],
        },
      },
    });
  }
}
