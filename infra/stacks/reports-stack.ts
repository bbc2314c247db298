import { Duration, RemovalPolicy, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { StepFunctionsStartExecution } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { dailyReportCron, dailyReportSchedule, type DailyReportEvent } from '../../shared/report-schedule.js';
import { AppFunction } from '../constructs/app-function.js';
import { grantDirectoryRead, useTenantAccess } from '../constructs/tenant-table-access.js';
import { definitionText, workflows } from '../workflows.js';

export interface ReportsStackProps extends StackProps {
  table: ITable;
  /** The tenant role its functions assume for one shop's data (infra/constructs/tenant-table-access.ts). */
  tenantRole: IRole;
  mailIdentity: IEmailIdentity;
  mailFrom: string;
}

/**
 * The scheduled report e-mails: EventBridge Scheduler starts the daily-reports state machine daily at 21:00 shop
 * time (shared/report-schedule.ts, the same definition the local stack's timer reads). The state machine (the ASL
 * file the local stack runs too) lists the shops a page at a time and mails each shop's managers the day's sales
 * summary and low-stock list in a Map, five shops at once: each shop's task is retried on its own, and a shop
 * whose tries are spent goes to the dead-letter queue (alarmed in the monitoring stack) while the others go on.
 *
 * The function reads tenant items and the tenant directory, writes only its once-a-day mail markers, and sends
 * mail from the product's identity; the scheduler's role may start this one state machine and nothing else.
 */
export class ReportsStack extends Stack {
  readonly reportFunction: AppFunction;
  readonly dailyReports: StateMachine;
  /** Shops whose daily report failed after its retries: the shop, the day and the error, kept 14 days. */
  readonly deadLetters: Queue;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ReportsStackProps) {
    super(scope, id, props);

    const spec = workflows.dailyReports;
    this.reportFunction = new AppFunction(this, 'DailyReports', {
      entry: spec.stepsEntry,
      description: "Daily sales summary and low-stock list mailed to each shop's managers (the steps of the daily-reports state machine)",
      environment: { TABLE_NAME: props.table.tableName, MAIL_FROM: props.mailFrom },
      memorySize: 512,
      // One shop's report (or a page of the directory) per invocation; a manual run of every shop takes longer.
      timeout: Duration.minutes(5),
    });
    // The round of shops reads the directory on the function's own role; each shop's report runs as that shop.
    grantDirectoryRead(this.reportFunction, props.table);
    useTenantAccess(this.reportFunction, props.tenantRole);
    props.mailIdentity.grantSendEmail(this.reportFunction);

    this.deadLetters = new Queue(this, 'DailyReportDeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const logs = new LogGroup(this, 'DailyReportRoundLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.dailyReports = new StateMachine(this, 'DailyReportRound', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(definitionText('dailyReports')),
      definitionSubstitutions: { [spec.stepsArnPlaceholder]: this.reportFunction.functionArn, DeadLetterQueueUrl: this.deadLetters.queueUrl },
      logs: { destination: logs, level: LogLevel.ERROR },
      tracingEnabled: true,
    });
    this.reportFunction.grantInvoke(this.dailyReports);
    this.deadLetters.grantSendMessages(this.dailyReports);

    const input: DailyReportEvent = { report: 'daily', scheduledTime: ContextAttribute.scheduledTime };
    this.schedule = new Schedule(this, 'DailyReportSchedule', {
      description: 'Daily report e-mails to shop managers',
      schedule: ScheduleExpression.expression(dailyReportCron, TimeZone.of(dailyReportSchedule.timeZone)),
      target: new StepFunctionsStartExecution(this.dailyReports, {
        input: ScheduleTargetInput.fromObject(input),
        // Deliveries are at least once; each shop is mailed once per day whatever arrives.
        retryAttempts: 2,
        maxEventAge: Duration.hours(2),
      }),
    });
  }
}
