import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowName } from '../functions/lib/workflows.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * The state machines: the ASL file each runs (read by CDK and by the local runner alike), the Lambda entry behind
 * its Task states, and the placeholder the ASL names that Lambda by (`${PaymentStepsFunctionArn}`).
 */
export const workflows: Record<StateMachineName, { definitionFile: string; stepsEntry: string; stepsArnPlaceholder: string }> = {
  paymentToOrder: {
    definitionFile: 'functions/payments/payment-to-order.asl.json',
    stepsEntry: 'functions/payments/steps.ts',
    stepsArnPlaceholder: 'PaymentStepsFunctionArn',
  },
  dailyReports: {
    definitionFile: 'functions/reports/daily-reports.asl.json',
    stepsEntry: 'functions/reports/scheduled.ts',
    stepsArnPlaceholder: 'DailyReportStepsFunctionArn',
  },
};

/**
 * Every state machine: those the functions run and wait for (`WorkflowName`), and the daily reports' round, which
 * the schedule starts and nothing waits for.
 */
export type StateMachineName = WorkflowName | 'dailyReports';

export const definitionText = (name: StateMachineName) => readFileSync(path.join(repoRoot, workflows[name].definitionFile), 'utf8');
