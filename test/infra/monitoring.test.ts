import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { domainNames } from '../../shared/routes/index.js';
import { NEEDS_ATTENTION } from '../../functions/payments/flow.js';
import { FOUND_STUCK } from '../../functions/payments/sweeper.js';
import { CONCURRENCY_ALARM, DURATION_ALARM_SHARE } from '../../infra/stacks/monitoring-stack.js';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';

/** A template resource as the assertions library returns it: untyped JSON. */
type Resource = ReturnType<Template['findResources']>[string];

const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [] } });
const stacks = defineShop(app, {
  env: { account: '123456789012', region: 'ap-south-1' },
  mailFrom: 'bills@myshop.in',
  platformAdminEmail: 'owner@myshop.in',
  alarmEmail: 'ops@myshop.in',
});
const monitoring = Template.fromStack(stacks.monitoring);
const alarms = Object.entries(monitoring.findResources('AWS::CloudWatch::Alarm'));
const alarmNamed = (name: string): Resource => {
  const found = alarms.filter(([id]) => id.startsWith(name) && /^[A-F0-9]{8}$/.test(id.slice(name.length)));
  expect(found, name).toHaveLength(1);
  return found[0]![1];
};
const topicId = Object.keys(monitoring.findResources('AWS::SNS::Topic'))[0]!;

describe('alarms', () => {
  it('all notify one SNS topic, mailed to the alarm address', () => {
    monitoring.resourceCountIs('AWS::SNS::Topic', 1);
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@myshop.in', TopicArn: { Ref: topicId } });
    expect(alarms.length).toBeGreaterThan(domainNames.length * 4);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData, id).toBe('notBreaching');
    }
  });

  it('watch every function for errors, throttles, p99 duration and concurrency', () => {
    for (const name of [...domainNames, 'PreToken', 'PaymentSteps', 'PaymentSweeper', 'DailyReports']) {
      expect(alarmNamed(`${name}Errors`).Properties).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 1 });
      expect(alarmNamed(`${name}Throttles`).Properties).toMatchObject({ MetricName: 'Throttles', Threshold: 1 });
      expect(alarmNamed(`${name}Concurrency`).Properties).toMatchObject({ MetricName: 'ConcurrentExecutions', Statistic: 'Maximum', Threshold: CONCURRENCY_ALARM });
      const duration = alarmNamed(`${name}DurationP99`).Properties;
      expect(duration).toMatchObject({ MetricName: 'Duration', ExtendedStatistic: 'p99', EvaluationPeriods: 3 });
      expect(duration.Threshold).toBeGreaterThan(0);
    }
    // The payments domain waits up to 29 s on the workflow: its p99 alarm is at 80 % of that.
    const timeout = stacks.api.domains.payments.function.timeout!.toMilliseconds();
    expect(alarmNamed('paymentsDurationP99').Properties.Threshold).toBe(Math.round(timeout * DURATION_ALARM_SHARE));
  });

  it('watch the payment flow: failed and timed-out executions, flows that ended without an order, payments the sweeper found', () => {
    // The lines the steps and the sweeper log (functions/payments/flow.ts, sweeper.ts) are the ones counted.
    for (const [name, message] of [['PaymentNeedsAttention', NEEDS_ATTENTION], ['PaymentFoundStuck', FOUND_STUCK]] as const) {
      expect(alarmNamed(name).Properties).toMatchObject({ Namespace: 'Shop', MetricName: name, Threshold: 1 });
      monitoring.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: `{ $.message = "${message}" }`, MetricTransformations: [Match.objectLike({ MetricName: name })] });
    }
    expect(alarmNamed('PaymentFlowFailed').Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed' });
    expect(alarmNamed('PaymentFlowTimedOut').Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut' });
    expect(alarmNamed('PaymentFlowUnfinished').Properties).toMatchObject({ Namespace: 'Shop', MetricName: 'PaymentFlowUnfinished' });
    monitoring.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.message = "payment-to-order flow did not finish" }',
      MetricTransformations: [Match.objectLike({ MetricNamespace: 'Shop', MetricName: 'PaymentFlowUnfinished', MetricValue: '1' })],
    });
  });

  it("watch the table's throttles and system errors, and the nightly report's failed shops", () => {
    for (const name of ['TableThrottles', 'TableSystemErrors']) expect(alarmNamed(name).Properties.Metrics.length, name).toBeGreaterThan(1);
    expect(alarmNamed('DailyReportFailed').Properties).toMatchObject({ MetricName: 'DailyReportFailed', Threshold: 1 });
    monitoring.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.message = "daily report failed" }' });
  });

  it("watch the nightly report's dead-letter queue and its round of shops", () => {
    expect(alarmNamed('DailyReportDeadLetters').Properties).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(alarmNamed('DailyReportRoundFailed').Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed' });
    expect(alarmNamed('DailyReportRoundTimedOut').Properties).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut' });
  });
});

describe('dashboard and tracing', () => {
  it('is one dashboard named after the stage', () => {
    monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    monitoring.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'Shop-api' });
  });

  it('traces every function and the payment flow with X-Ray', () => {
    for (const stack of [stacks.api, stacks.auth, stacks.payments, stacks.reports]) {
      const functions = Object.entries(Template.fromStack(stack).findResources('AWS::Lambda::Function')).filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME);
      expect(functions.length, stack.stackName).toBeGreaterThan(0);
      for (const [id, fn] of functions) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
    Template.fromStack(stacks.payments).hasResourceProperties('AWS::StepFunctions::StateMachine', { TracingConfiguration: { Enabled: true } });
  });
});
