import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';
import { domainNames, routeKey } from '../../shared/routes/index.js';
import { paymentRoutes } from '../../shared/routes/payments.js';

/** A template resource as the assertions library returns it: untyped JSON. */
type Resource = ReturnType<Template['findResources']>[string];
type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

let outdir: string;
let stacks: ReturnType<typeof defineShop>;
let payments: Template;
let api: Template;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'shop-cdk-payments-'));
  // Only the payments stack is bundled: the API stack's templates are complete without its functions' code.
  const app = new App({ outdir, context: { ...shopAppContext, 'aws:cdk:bundling-stacks': ['ShopPayments'] } });
  stacks = defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com' });
  payments = Template.fromStack(stacks.payments);
  api = Template.fromStack(stacks.api);
}, 300_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

const resources = (template: Template, type: string) => Object.entries(template.findResources(type)) as [string, Resource][];
const stepsId = () => stacks.payments.getLogicalId(stacks.payments.steps.node.defaultChild as CfnFunction);

function statementsOf(template: Template, roleLogicalId: string): Statement[] {
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleLogicalId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const roleOf = (template: Template, functionLogicalId: string) =>
  (template.toJSON().Resources[functionLogicalId] as Resource).Properties.Role['Fn::GetAtt'][0] as string;
const actions = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());

describe('payment-to-order state machine', () => {
  it('is an EXPRESS workflow running the ASL file of the repository, the steps function substituted', () => {
    const [[, machine]] = resources(payments, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    expect(machine.Properties.StateMachineType).toBe('EXPRESS');
    const asl = readFileSync(path.join(import.meta.dirname, '../../functions/payments/payment-to-order.asl.json'), 'utf8');
    expect(JSON.parse(machine.Properties.DefinitionString as string)).toEqual(JSON.parse(asl));
    expect(machine.Properties.DefinitionSubstitutions).toEqual({ PaymentStepsFunctionArn: { 'Fn::GetAtt': [stepsId(), 'Arn'] } });
    const tasks = Object.values(JSON.parse(asl).States as Record<string, { Type: string; Resource?: string }>).filter((s) => s.Type === 'Task');
    expect(tasks.length).toBeGreaterThanOrEqual(7);
    for (const task of tasks) expect(task.Resource).toBe('${PaymentStepsFunctionArn}');
    expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: 'ERROR' });
  });

  it('may invoke its steps function and nothing else', () => {
    const [[, machine]] = resources(payments, 'AWS::StepFunctions::StateMachine') as [[string, Resource]];
    const statements = statementsOf(payments, machine.Properties.RoleArn['Fn::GetAtt'][0] as string);
    const invoke = statements.filter((s) => actions([s]).includes('lambda:InvokeFunction'));
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0]!.Resource)).toContain(stepsId());
    // Besides its logs and X-Ray trace segments (tracing is on, docs/aws.md "Monitoring").
    expect(new Set(actions(statements).filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:')))).toEqual(new Set(['lambda:InvokeFunction']));
  });

  it("runs its steps on Node.js 22 arm64, reaching a shop's data only through the tenant role, mailing and reading the Razorpay secret", () => {
    const fn = payments.toJSON().Resources[stepsId()] as Resource;
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM', 'RAZORPAY_SECRET_ARN']));
    const statements = statementsOf(payments, roleOf(payments, stepsId()));
    expect(actions(statements).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    expect(actions(statements)).toEqual(expect.arrayContaining(['sts:AssumeRole', 'sts:TagSession', 'ses:SendEmail', 'secretsmanager:GetSecretValue']));
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('TENANT_ACCESS_ROLE_ARN');
    expect(actions(statements).some((a) => a.startsWith('s3:') || a.startsWith('cognito-idp:'))).toBe(false);
  });
});

describe('the payments domain function', () => {
  const functionId = (domain: (typeof domainNames)[number]) => stacks.api.getLogicalId(stacks.api.domains[domain].function.node.defaultChild as CfnFunction);

  it('alone may start the state machine and wait for it, and knows its ARN', () => {
    for (const domain of domainNames) {
      const starts = actions(statementsOf(api, roleOf(api, functionId(domain)))).filter((a) => a.startsWith('states:'));
      expect(starts, domain).toEqual(domain === 'payments' ? ['states:StartSyncExecution'] : []);
    }
    const fn = api.toJSON().Resources[functionId('payments')] as Resource;
    expect(JSON.stringify(fn.Properties.Environment.Variables.PAYMENT_TO_ORDER_ARN)).toContain('ShopPayments');
  });

  it('reads the Razorpay secret', () => {
    const statements = statementsOf(api, roleOf(api, functionId('payments')));
    const secret = statements.filter((s) => actions([s]).includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(secret.map((s) => s.Resource))).toContain('Razorpay');
  });

  it('takes the Razorpay webhook without a token (its signature is checked instead)', () => {
    const route = resources(api, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === routeKey(paymentRoutes.razorpayWebhook));
    expect(route?.[1].Properties).toMatchObject({ AuthorizationType: 'NONE' });
  });
});

describe('the payment sweeper', () => {
  const sweeperId = () => stacks.payments.getLogicalId(stacks.payments.sweeper.node.defaultChild as CfnFunction);

  it('runs every 15 minutes, and may only start the flow, read the shop directory and reach shops through the tenant role', () => {
    const [[, schedule]] = resources(payments, 'AWS::Scheduler::Schedule') as [[string, Resource]];
    expect(schedule.Properties.ScheduleExpression).toBe('rate(15 minutes)');
    expect(JSON.stringify(schedule.Properties.Target.Arn)).toContain(sweeperId());
    const statements = statementsOf(payments, roleOf(payments, sweeperId()));
    expect(actions(statements).filter((a) => a.startsWith('states:'))).toEqual(['states:StartSyncExecution']);
    const dynamo = statements.filter((s) => actions([s]).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.map((s) => actions([s]))).toEqual([['dynamodb:Query']]);
    expect(dynamo[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TENANTS'] } });
    expect(actions(statements).filter((a) => !/^(dynamodb|logs|sts|states|xray):/.test(a))).toEqual([]);
    const fn = payments.toJSON().Resources[sweeperId()] as Resource;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'PAYMENT_TO_ORDER_ARN', 'TENANT_ACCESS_ROLE_ARN']));
  });

  it('gives every Task state of the flow retries, and a catch to the needs-attention state but for the mail', () => {
    const asl = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../functions/payments/payment-to-order.asl.json'), 'utf8')) as {
      States: Record<string, { Type: string; Retry?: unknown[]; Catch?: { ErrorEquals: string[]; Next: string }[] }>;
    };
    for (const [name, state] of Object.entries(asl.States).filter(([, s]) => s.Type === 'Task')) {
      expect(state.Retry?.length, name).toBeGreaterThan(0);
      const next = name === 'SendConfirmation' ? 'Done' : name === 'NeedsAttention' ? 'PaymentNeedsAttention' : 'NeedsAttention';
      expect(state.Catch, name).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: next })]);
    }
    expect(asl.States.PaymentNeedsAttention).toMatchObject({ Type: 'Fail', Error: 'PaymentNeedsAttention' });
  });
});
