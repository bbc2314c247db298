import type { Context } from 'aws-lambda';
import type { DailyReportEvent } from '../../shared/report-schedule.js';
import { rootLogger } from '../lib/logger.js';
import { sendDailyReports, type DailyMailOutcome } from './daily-mail.js';

/**
 * The report function EventBridge Scheduler invokes (daily at 21:00 IST, shared/report-schedule.ts); locally the
 * stack's timer and `npm run reports:send-now` invoke the same handler.
 */
export async function handler(event: Partial<DailyReportEvent> | null, context?: Pick<Context, 'awsRequestId'>): Promise<DailyMailOutcome> {
  const log = rootLogger.child({ function: 'scheduled-reports', requestId: context?.awsRequestId ?? 'local' });
  return sendDailyReports(event ?? {}, new Date(), log);
}
