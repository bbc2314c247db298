import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkflowName } from '../functions/lib/workflows.js';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * The state machines: the ASL file each runs (read by CDK and by the local runner alike), the Lambda entry behind
 * its Task states, and the placeholder the ASL names that Lambda by (`${PaymentStepsFunctionArn}`).
 */
export const workflows: Record<WorkflowName, { definitionFile: string; stepsEntry: string; stepsArnPlaceholder: string }> = {
  paymentToOrder: {
    definitionFile: 'functions/payments/payment-to-order.asl.json',
    stepsEntry: 'functions/payments/steps.ts',
    stepsArnPlaceholder: 'PaymentStepsFunctionArn',
  },
};

export const definitionText = (name: WorkflowName) => readFileSync(path.join(repoRoot, workflows[name].definitionFile), 'utf8');
