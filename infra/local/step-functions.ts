import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowName, WorkflowOutcome, WorkflowRunner } from '../../functions/lib/workflows.js';
import { definitionText, workflows } from '../workflows.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Lambda ARN the local definition names; every Task state is mapped to a local handler, so it is never called. */
const LOCAL_STEPS_ARN = 'arn:aws:lambda:ap-south-1:000000000000:function:local-workflow-steps';
/** Retries of a failed step wait this long locally instead of the definition's seconds. */
const LOCAL_RETRY_MS = 50;

type Json = Parameters<InstanceType<typeof import('aws-local-stepfunctions').StateMachine>['run']>[0];
export type StepHandler = (event: Json) => Promise<Json>;

export interface LocalWorkflowOptions {
  /** Wraps the steps' handler: the tests break a step with it, as a failing Lambda would. */
  wrapSteps?: (handler: StepHandler) => StepHandler;
}

/** aws-local-stepfunctions calls Promise.withResolvers, which Node 22 has and Node 20 lacks. */
function polyfillWithResolvers() {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve!: (value: unknown) => void;
    let reject!: (reason?: unknown) => void;
    const pending = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: pending, resolve, reject };
  };
}

/**
 * Runs the product's state machines in-process with aws-local-stepfunctions, from the same ASL files CDK deploys:
 * the steps' Lambda ARN placeholder gets a local ARN and every Task state runs the steps' handler directly, as
 * the Lambda would in AWS. Answers like StartSyncExecution does.
 */
export async function localWorkflowRunner(options: LocalWorkflowOptions = {}): Promise<WorkflowRunner> {
  polyfillWithResolvers();
  const { StateMachine, ExecutionError, ExecutionTimeoutError } = await import('aws-local-stepfunctions');
  const machines = new Map<WorkflowName, { machine: InstanceType<typeof StateMachine>; tasks: string[]; handler: StepHandler }>();

  async function machineOf(name: WorkflowName) {
    const known = machines.get(name);
    if (known) return known;
    const spec = workflows[name];
    const text = definitionText(name).replaceAll(`\${${spec.stepsArnPlaceholder}}`, LOCAL_STEPS_ARN);
    const definition = JSON.parse(text) as { States: Record<string, { Type: string }> };
    const steps = (await import(path.join(root, spec.stepsEntry))) as { handler: StepHandler };
    const handler = options.wrapSteps ? options.wrapSteps(steps.handler) : steps.handler;
    const tasks = Object.entries(definition.States).filter(([, state]) => state.Type === 'Task').map(([taskName]) => taskName);
    const entry = { machine: new StateMachine(definition as never), tasks, handler };
    machines.set(name, entry);
    return entry;
  }

  return async (name, input): Promise<WorkflowOutcome> => {
    const { machine, tasks, handler } = await machineOf(name);
    const execution = machine.run(input as Json, {
      overrides: {
        taskResourceLocalHandlers: Object.fromEntries(tasks.map((task) => [task, (event: Json) => handler(event)])),
        retryIntervalOverrides: Object.fromEntries(tasks.map((task) => [task, LOCAL_RETRY_MS])),
      },
    });
    try {
      return { status: 'SUCCEEDED', output: await execution.result };
    } catch (error) {
      if (error instanceof ExecutionTimeoutError) return { status: 'TIMED_OUT' };
      if (error instanceof ExecutionError) {
        // The library keeps the failing state's error (a Fail state's Error and Cause) as the cause.
        const failure = (error as { cause?: { name?: string; message?: string } }).cause;
        return { status: 'FAILED', error: failure?.name, cause: failure?.message };
      }
      throw error;
    }
  };
}
