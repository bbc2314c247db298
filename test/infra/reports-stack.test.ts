import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import type { CfnStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';
import { definitionText } from '../../infra/workflows.js';
import { dailyReportCron } from '../../shared/report-schedule.js';

type Resource = ReturnType<Template['findResources']>[string];
type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, string[]>> };

let outdir: string;
let stacks: ReturnType<typeof defineShop>;
let reports: Template;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'shop-cdk-reports-'));
  // Only the reports stack is bundled: the others' templates are complete without their functions' code.
  const app = new App({ outdir, context: { ...shopAppContext, 'aws:cdk:bundling-stacks': ['ShopReports'] } });
  stacks = defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com' });
  reports = Template.fromStack(stacks.reports);
}, 300_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

const resources = (type: string) => Object.entries(reports.findResources(type)) as [string, Resource][];
const functionId = () => stacks.reports.getLogicalId(stacks.reports.reportFunction.node.defaultChild as CfnFunction);

function statementsOfRole(roleLogicalId: string): Statement[] {
  return resources('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleLogicalId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (s: Statement) => [s.Action].flat();

const roundId = () => stacks.reports.getLogicalId(stacks.reports.dailyReports.node.defaultChild as CfnStateMachine);
const queueId = () => stacks.reports.getLogicalId(stacks.reports.deadLetters.node.defaultChild as CfnQueue);

describe('daily report schedule', () => {
  it('starts the daily-reports state machine at 21:00 in Asia/Kolkata with the scheduled time as input', () => {
    const [[, schedule]] = resources('AWS::Scheduler::Schedule') as [[string, Resource]];
    expect(schedule.Properties.ScheduleExpression).toBe(dailyReportCron);
    expect(dailyReportCron).toBe('cron(0 21 * * ? *)');
    expect(schedule.Properties.ScheduleExpressionTimezone).toBe('Asia/Kolkata');
    expect(schedule.Properties.State).not.toBe('DISABLED');
    const target = schedule.Properties.Target;
    expect(target.Arn).toEqual({ Ref: roundId() });
    expect(JSON.parse(target.Input as string)).toEqual({ report: 'daily', scheduledTime: '<aws.scheduler.scheduled-time>' });
    expect(target.RetryPolicy.MaximumRetryAttempts).toBe(2);
  });

  it("lets the scheduler's role start that one state machine only", () => {
    const [[, schedule]] = resources('AWS::Scheduler::Schedule') as [[string, Resource]];
    const roleId = schedule.Properties.Target.RoleArn['Fn::GetAtt'][0] as string;
    const statements = statementsOfRole(roleId);
    expect(statements.flatMap(actionsOf)).toEqual(['states:StartExecution']);
    for (const target of statements.flatMap((s) => [s.Resource].flat())) expect(JSON.stringify(target)).toContain(roundId());
    const role = reports.toJSON().Resources[roleId] as Resource;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
  });
});

describe('daily report round', () => {
  const definition = () => {
    const machine = reports.toJSON().Resources[roundId()] as Resource;
    return { machine, substitutions: machine.Properties.DefinitionSubstitutions as Record<string, unknown> };
  };

  it('is a STANDARD state machine of the ASL file, its tasks calling the report function, its dead letters going to the queue', () => {
    const { machine, substitutions } = definition();
    expect(machine.Properties.StateMachineType).toBe('STANDARD');
    expect(machine.Properties.DefinitionString).toBe(definitionText('dailyReports'));
    expect(substitutions.DailyReportStepsFunctionArn).toEqual({ 'Fn::GetAtt': [functionId(), 'Arn'] });
    expect(substitutions.DeadLetterQueueUrl).toEqual({ Ref: queueId() });
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('retries each shop on its own inside the Map and catches its last failure to the dead-letter queue', () => {
    const asl = JSON.parse(definitionText('dailyReports')) as {
      States: Record<string, { Type: string; ItemProcessor?: { States: Record<string, { Retry?: { MaxAttempts: number }[]; Catch?: { Next: string }[]; Resource?: string }> } }>;
    };
    const map = asl.States.ReportShops!;
    expect(map.Type).toBe('Map');
    const shop = map.ItemProcessor!.States.ReportShop!;
    expect(shop.Retry![0]!.MaxAttempts).toBe(2);
    expect(shop.Catch![0]!.Next).toBe('DeadLetter');
    expect(map.ItemProcessor!.States.DeadLetter!.Resource).toBe('arn:aws:states:::sqs:sendMessage');
  });

  it("may invoke the report function and send to the dead-letter queue, nothing else but its logs and traces", () => {
    const { machine } = definition();
    const statements = statementsOfRole(machine.Properties.RoleArn['Fn::GetAtt'][0] as string);
    const actions = statements.flatMap(actionsOf).filter((a) => !/^(logs|xray):/.test(a));
    expect(new Set(actions)).toEqual(new Set(['lambda:InvokeFunction', 'sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl']));
  });

  it('keeps dead letters 14 days, encrypted', () => {
    reports.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
  });
});

describe('report function', () => {
  it('runs on Node.js 22 (arm64) with the table and the sender address', () => {
    reports.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'shop@example.com', TABLE_NAME: Match.anyValue() }) },
    });
  });

  it("reads the tenant directory on its own role, each shop's data only through the tenant role, and may send mail", () => {
    const fn = reports.toJSON().Resources[functionId()] as Resource;
    const statements = statementsOfRole(fn.Properties.Role['Fn::GetAtt'][0] as string);
    const dynamo = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.map(actionsOf)).toEqual([['dynamodb:Query']]);
    expect(dynamo[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TENANTS'] } });
    const mail = statements.flatMap(actionsOf).filter((a) => a.startsWith('ses:'));
    expect(mail).toEqual(expect.arrayContaining(['ses:SendEmail']));
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('sts:'))).toEqual(['sts:AssumeRole', 'sts:TagSession']);
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('TENANT_ACCESS_ROLE_ARN');
    // Besides sending its X-Ray trace segments (active tracing, docs/aws.md "Monitoring").
    expect(statements.flatMap(actionsOf).filter((a) => !/^(dynamodb|ses|logs|sts|xray):/.test(a))).toEqual([]);
  });
});
