import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowOutcome } from '../../functions/lib/workflows.js';
import { definitionText, workflows, type StateMachineName } from '../workflows.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Lambda ARN the local definition names; every Task state is mapped to a local handler, so it is never called. */
const LOCAL_STEPS_ARN = 'arn:aws:lambda:ap-south-1:000000000000:function:local-workflow-steps';
/** Retries of a failed step wait this long locally instead of the definition's seconds. */
const LOCAL_RETRY_MS = 50;

type Json = Parameters<InstanceType<typeof import('aws-local-stepfunctions').StateMachine>['run']>[0];
export type StepHandler = (event: Json) => Promise<Json>;
/** Runs any of the product's state machines (a `WorkflowRunner` for those the functions wait for). */
export type LocalWorkflowRunner = (name: StateMachineName, input: Record<string, unknown>) => Promise<WorkflowOutcome>;

export interface LocalWorkflowOptions {
  /** Wraps the steps' handler: the tests break a step with it, as a failing Lambda would. */
  wrapSteps?: (handler: StepHandler) => StepHandler;
  /** Where a Task state sending to an SQS queue puts its message (by the queue's placeholder name); `localQueues` if not given. */
  queues?: Map<string, unknown[]>;
}

/** Messages the local state machines sent to SQS queues (no SQS emulator runs), by the queue's placeholder name. */
export const localQueues = new Map<string, unknown[]>();
const SEND_MESSAGE = 'arn:aws:states:::sqs:sendMessage';
const LOCAL_QUEUE_URL = 'local-queue:';

/** Every Task state of a definition with its Resource, those inside Map and Parallel states too. */
function taskStates(states: Record<string, State>): [string, string][] {
  return Object.entries(states).flatMap(([name, state]): [string, string][] => {
    if (state.Type === 'Task') return [[name, state.Resource ?? '']];
    const inner = [state.ItemProcessor ?? state.Iterator, ...(state.Branches ?? [])].filter((d): d is { States: Record<string, State> } => d !== undefined);
    return inner.flatMap((d) => taskStates(d.States));
  });
}

interface State {
  Type: string;
  Resource?: string;
  ItemProcessor?: { States: Record<string, State> };
  Iterator?: { States: Record<string, State> };
  Branches?: { States: Record<string, State> }[];
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
export async function localWorkflowRunner(options: LocalWorkflowOptions = {}): Promise<LocalWorkflowRunner> {
  polyfillWithResolvers();
  const { StateMachine, ExecutionError, ExecutionTimeoutError } = await import('aws-local-stepfunctions');
  const machines = new Map<StateMachineName, { machine: InstanceType<typeof StateMachine>; tasks: [string, string][]; handler: StepHandler }>();
  const queues = options.queues ?? localQueues;
  /** A Task state sending to SQS: its message kept in the queue named by the URL's placeholder. */
  const sendMessage = async (event: Json) => {
    const { QueueUrl, MessageBody } = event as { QueueUrl: string; MessageBody: unknown };
    const queue = QueueUrl.slice(LOCAL_QUEUE_URL.length);
    queues.set(queue, [...(queues.get(queue) ?? []), MessageBody]);
    return { MessageId: `${queue}-${queues.get(queue)!.length}` } as Json;
  };

  async function machineOf(name: StateMachineName) {
    const known = machines.get(name);
    if (known) return known;
    const spec = workflows[name];
    // The steps' ARN is a local one; any other placeholder is a queue URL, kept locally under its placeholder's name.
    const text = definitionText(name)
      .replaceAll(`\${${spec.stepsArnPlaceholder}}`, LOCAL_STEPS_ARN)
      .replace(/\$\{(\w+)\}/g, (_, placeholder: string) => `${LOCAL_QUEUE_URL}${placeholder}`);
    const definition = JSON.parse(text) as { States: Record<string, State> };
    const steps = (await import(path.join(root, spec.stepsEntry))) as { handler: StepHandler };
    const handler = options.wrapSteps ? options.wrapSteps(steps.handler) : steps.handler;
    const tasks = taskStates(definition.States);
    const entry = { machine: new StateMachine(definition as never), tasks, handler };
    machines.set(name, entry);
    return entry;
  }

  return async (name: StateMachineName, input: Record<string, unknown>): Promise<WorkflowOutcome> => {
    const { machine, tasks, handler } = await machineOf(name);
    const execution = machine.run(input as Json, {
      overrides: {
        taskResourceLocalHandlers: Object.fromEntries(
          tasks.map(([task, resource]) => [task, resource === SEND_MESSAGE ? sendMessage : (event: Json) => handler(event)]),
        ),
        retryIntervalOverrides: Object.fromEntries(tasks.map(([task]) => [task, LOCAL_RETRY_MS])),
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
