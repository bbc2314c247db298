import { lazy } from '../../shared/lazy.js';
import { common } from './aws.js';
import { config } from './config.js';

/** The state machines of the product, by name; each has an ASL file in the repository. */
export type WorkflowName = 'paymentToOrder';

/** How an execution ended, as Step Functions' StartSyncExecution reports it. */
export interface WorkflowOutcome {
  status: 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT';
  output?: unknown;
  /** The error name of a failed execution (a Fail state's Error, or the failing task's error). */
  error?: string;
  cause?: string;
}

export type WorkflowRunner = (name: WorkflowName, input: Record<string, unknown>) => Promise<WorkflowOutcome>;

let localRunner: WorkflowRunner | undefined;

/** The local stack hands in its runner (aws-local-stepfunctions on the same ASL); AWS never calls this. */
export function useLocalWorkflows(runner: WorkflowRunner): void {
  localRunner = runner;
}

/** Imported with the first workflow a container runs (a checkout's payment), not at every cold start. */
const sfnModule = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-sfn'));
const sfn = /* @__PURE__ */ lazy(async () => {
  const { SFNClient } = await sfnModule();
  return new SFNClient(common());
});

const arnOf: Record<WorkflowName, () => string> = {
  paymentToOrder: () => config.workflows.paymentToOrderArn(),
};

/**
 * Runs an express state machine to its end and answers how it ended: StartSyncExecution in AWS, the in-process
 * runner locally. The caller waits for the outcome, so a checkout answers with the order it made.
 */
export async function runWorkflow(name: WorkflowName, input: Record<string, unknown>): Promise<WorkflowOutcome> {
  if (config.workflows.local()) {
    if (!localRunner) throw new Error('LOCAL_WORKFLOWS is set but the local stack registered no workflow runner');
    return localRunner(name, input);
  }
  const { StartSyncExecutionCommand } = await sfnModule();
  const out = await (await sfn()).send(new StartSyncExecutionCommand({ stateMachineArn: arnOf[name](), input: JSON.stringify(input) }));
  return {
    status: (out.status ?? 'FAILED') as WorkflowOutcome['status'],
    output: out.output ? (JSON.parse(out.output) as unknown) : undefined,
    error: out.error,
    cause: out.cause,
  };
}
