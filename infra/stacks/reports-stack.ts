import { Duration, Stack, TimeZone, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { dailyReportCron, dailyReportSchedule, type DailyReportEvent } from '../../shared/report-schedule.js';
import { AppFunction } from '../constructs/app-function.js';
import { grantDirectoryRead, useTenantAccess } from '../constructs/tenant-table-access.js';

export interface ReportsStackProps extends StackProps {
  table: ITable;
  /** The tenant role its functions assume for one shop's data (infra/constructs/tenant-table-access.ts). */
  tenantRole: IRole;
  mailIdentity: IEmailIdentity;
  mailFrom: string;
}

/**
 * The scheduled report e-mails: EventBridge Scheduler invokes the report function daily at 21:00 shop time
 * (shared/report-schedule.ts, the same definition the local stack's timer reads), which mails each shop's
 * managers the day's sales summary and low-stock list through SES.
 *
 * The function reads tenant items and the tenant directory, writes only its once-a-day mail markers, and sends
 * mail from the product's identity; the scheduler's role may invoke this one function and nothing else.
 */
export class ReportsStack extends Stack {
  readonly reportFunction: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ReportsStackProps) {
    super(scope, id, props);

    this.reportFunction = new AppFunction(this, 'DailyReports', {
      entry: 'functions/reports/scheduled.ts',
      description: "Daily sales summary and low-stock list mailed to each shop's managers",
      environment: { TABLE_NAME: props.table.tableName, MAIL_FROM: props.mailFrom },
      memorySize: 1024,
      // Every shop in one run: a few hundred shops at a second or two each.
      timeout: Duration.minutes(15),
    });
    // The round of shops reads the directory on the function's own role; each shop's report runs as that shop.
    grantDirectoryRead(this.reportFunction, props.table);
    useTenantAccess(this.reportFunction, props.tenantRole);
    props.mailIdentity.grantSendEmail(this.reportFunction);

    const input: DailyReportEvent = { report: 'daily', scheduledTime: ContextAttribute.scheduledTime };
    this.schedule = new Schedule(this, 'DailyReportSchedule', {
      description: 'Daily report e-mails to shop managers',
      schedule: ScheduleExpression.expression(dailyReportCron, TimeZone.of(dailyReportSchedule.timeZone)),
      target: new LambdaInvoke(this.reportFunction, {
        input: ScheduleTargetInput.fromObject(input),
        // Deliveries are at least once; the function mails a shop once per day whatever arrives.
        retryAttempts: 2,
        maxEventAge: Duration.hours(2),
      }),
    });
  }
}
