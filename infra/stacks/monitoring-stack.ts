import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** The namespace of the product's own metrics (log metric filters). */
export const metricsNamespace = 'Shop';

/** A function watched by the alarms: its short name in alarm names, and the timeout its p99 duration is held to. */
export interface WatchedFunction {
  name: string;
  fn: IFunction;
  timeout: Duration;
}

/** A log line that means something went wrong which a person must look at (logger JSON: `{"message": ...}`). */
export interface WatchedLogLine {
  /** The metric (in `Shop`) and the alarm's name. */
  name: string;
  logGroup: ILogGroup;
  /** The `message` the line carries, exactly. */
  message: string;
  description: string;
}

export interface MonitoringStackProps extends StackProps {
  /** Mailed every alarm (the subscription is confirmed by a link SNS mails). */
  alarmEmail?: string;
  /** The stage name in the dashboard's name: one dashboard per deployed stage. */
  stageName: string;
  functions: WatchedFunction[];
  table: ITable;
  paymentToOrder: IStateMachine;
  /** The nightly report round and the queue of shops whose report failed after its retries. */
  dailyReports: { round: IStateMachine; deadLetters: IQueue };
  logLines: WatchedLogLine[];
  /** The HTTP API's id and stage, for the dashboard's request figures. */
  apiId: string;
  apiStage: string;
}

/** Concurrent executions of one function above which someone should look (the account's default limit is 1,000). */
export const CONCURRENCY_ALARM = 100;
/** The p99 duration alarm fires above this share of a function's timeout. */
export const DURATION_ALARM_SHARE = 0.8;
const FIVE_MINUTES = Duration.minutes(5);
/** The operations the product calls (there is no Scan); an alarm's expression takes at most 10 metrics. */
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

/**
 * What an operator sees: an SNS topic (mailed to `alarmEmail`) that every alarm notifies, and one dashboard per stage.
 * - each function: errors (unhandled: typed errors are 4xx answers, not errors), throttles, p99 duration above 80 %
 *   of its timeout, concurrency above CONCURRENCY_ALARM;
 * - the payment flow: failed or timed-out executions, and the log lines that mean money needs a person (a flow that
 *   did not finish, a refund that failed, a payment the sweeper found without its order);
 * - the table: throttled requests and system errors of every operation;
 * - the nightly report: its function's alarms, the log line of a shop whose report failed, a shop in its
 *   dead-letter queue (its tries spent) and a round that failed or timed out.
 * Alarms treat missing data as fine: no invocations is not an error.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Shop alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const created = new Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      this.alarms.push(created);
      return created;
    };

    for (const { name, fn, timeout } of props.functions) {
      alarm(`${name}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${name}: an invocation failed (crash or timeout)`);
      alarm(`${name}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${name}: invocations were throttled`);
      alarm(
        `${name}DurationP99`,
        fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }),
        Math.round(timeout.toMilliseconds() * DURATION_ALARM_SHARE),
        `${name}: p99 duration above ${DURATION_ALARM_SHARE * 100} % of its ${timeout.toSeconds()} s timeout for 15 minutes`,
        3,
      );
      alarm(
        `${name}Concurrency`,
        fn.metric('ConcurrentExecutions', { period: Duration.minutes(1), statistic: 'Maximum' }),
        CONCURRENCY_ALARM,
        `${name}: ${CONCURRENCY_ALARM} or more concurrent executions`,
      );
    }

    const flow = props.paymentToOrder;
    alarm('PaymentFlowFailed', flow.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, 'Payment to order: an execution failed');
    alarm('PaymentFlowTimedOut', flow.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, 'Payment to order: an execution timed out');

    const { round, deadLetters } = props.dailyReports;
    alarm(
      'DailyReportDeadLetters',
      deadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      1,
      "Nightly report: a shop's report failed after its retries and waits in the dead-letter queue (shop, day and error in the message)",
    );
    alarm('DailyReportRoundFailed', round.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, 'Nightly report: the round of shops failed');
    alarm('DailyReportRoundTimedOut', round.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, 'Nightly report: the round of shops timed out');

    for (const line of props.logLines) {
      const metric = new MetricFilter(this, `${line.name}Filter`, {
        logGroup: line.logGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', line.message),
        metricNamespace: metricsNamespace,
        metricName: line.name,
        metricValue: '1',
      }).metric({ period: FIVE_MINUTES, statistic: 'Sum' });
      alarm(line.name, metric, 1, line.description);
    }

    const throttled = props.table.metricThrottledRequestsForOperations({ operations: tableOperations, period: FIVE_MINUTES });
    const systemErrors = props.table.metricSystemErrorsForOperations({ operations: tableOperations, period: FIVE_MINUTES });
    alarm('TableThrottles', throttled, 1, 'DynamoDB: requests to the table were throttled');
    alarm('TableSystemErrors', systemErrors, 1, 'DynamoDB: the table answered with system errors');

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `Shop-${props.stageName}` });
    const byFunction = (metricOf: (w: WatchedFunction) => IMetric) => props.functions.map(metricOf);
    const apiMetric = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.apiId, Stage: props.apiStage }, period: FIVE_MINUTES, statistic });
    this.dashboard.addWidgets(
      new TextWidget({ markdown: `# Shop (${props.stageName})\nAlarms go to the SNS topic \`${this.topic.node.id}\`; see docs/aws.md, "Monitoring".`, width: 24, height: 2 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests', left: [apiMetric('Count', 'Sum')], right: [apiMetric('4xx', 'Sum'), apiMetric('5xx', 'Sum')], width: 12 }),
      new GraphWidget({ title: 'API latency p99 (ms)', left: [apiMetric('Latency', 'p99'), apiMetric('IntegrationLatency', 'p99')], width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Function errors', left: byFunction((w) => w.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label: w.name })), width: 12 }),
      new GraphWidget({ title: 'Function throttles', left: byFunction((w) => w.fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum', label: w.name })), width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Function duration p99 (ms)', left: byFunction((w) => w.fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99', label: w.name })), width: 12 }),
      new GraphWidget({
        title: 'Function concurrency (max)',
        left: byFunction((w) => w.fn.metric('ConcurrentExecutions', { period: Duration.minutes(1), statistic: 'Maximum', label: w.name })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Payment to order',
        left: [flow.metricSucceeded({ period: FIVE_MINUTES }), flow.metricFailed({ period: FIVE_MINUTES }), flow.metricTimedOut({ period: FIVE_MINUTES })],
        right: props.logLines.map((line) => new Metric({ namespace: metricsNamespace, metricName: line.name, period: FIVE_MINUTES, statistic: 'Sum' })),
        width: 12,
      }),
      new GraphWidget({
        title: 'DynamoDB',
        left: [
          props.table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }),
          props.table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES }),
        ],
        right: [relabel(throttled, 'throttled requests')],
        width: 12,
      }),
    );
    // Each of these expressions names its operations' metrics by operation, so they cannot share one graph.
    this.dashboard.addWidgets(new GraphWidget({ title: 'DynamoDB system errors', left: [relabel(systemErrors, 'system errors')], width: 12 }));
  }
}

const relabel = (metric: IMetric, label: string): IMetric => (metric instanceof MathExpression ? metric.with({ label }) : metric);
