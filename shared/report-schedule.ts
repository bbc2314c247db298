/**
 * When the daily report e-mails go out: one definition read by the CDK schedule (EventBridge Scheduler) and by the
 * local stack's timer, so both send at the same shop time.
 */
export const dailyReportSchedule = {
  minute: 0,
  hour: 21,
  timeZone: 'Asia/Kolkata',
} as const;

/** The EventBridge Scheduler expression of the schedule: `cron(0 21 * * ? *)`. */
export const dailyReportCron = `cron(${dailyReportSchedule.minute} ${dailyReportSchedule.hour} * * ? *)`;

/** What the schedule sends the report function; `<aws.scheduler.scheduled-time>` is filled in by the scheduler. */
export interface DailyReportEvent {
  report: 'daily';
  /** ISO instant the run was scheduled for; its shop day (IST) is the day reported. Now when absent. */
  scheduledTime?: string;
  /** Send again to shops already mailed for that day (a manual run). */
  resend?: boolean;
}

/** The name the local gateway's Lambda Invoke API answers for the report function (`npm run reports:send-now`). */
export const SCHEDULED_REPORTS_FUNCTION = 'scheduled-reports';
