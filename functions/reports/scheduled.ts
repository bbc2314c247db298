import type { Context } from 'aws-lambda';
import type { DailyReportEvent } from '../../shared/report-schedule.js';
import { NotFound } from '../lib/errors.js';
import { rootLogger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { tenantData } from '../tenants/data.js';
import { mailShopReport, reportDay, sendDailyReports, shopsPage, type DailyMailOutcome, type ShopReportOutcome } from './daily-mail.js';

/** The round's state between the state machine's steps: the day reported, and where the directory goes on. */
export interface ReportRound {
  day: string;
  resend: boolean;
  shops: string[];
  next?: Record<string, unknown>;
}

/** What a Task state of daily-reports.asl.json hands the function. */
export type ReportStepEvent =
  | { step: 'listShops'; run: Partial<DailyReportEvent> & Partial<ReportRound> }
  | { step: 'reportShop'; shop: { tenantId: string; day: string; resend: boolean } };

/**
 * The report function. EventBridge Scheduler starts the daily-reports state machine (daily at 21:00 IST,
 * shared/report-schedule.ts), whose Task states call it for a page of shops (`listShops`) and for each shop
 * (`reportShop`: a thrown error fails that shop's task, which the state machine retries and then dead-letters).
 * Invoked without a step (`npm run reports:send-now`), it runs the whole round itself and answers what it did.
 */
export async function handler(
  event: Partial<DailyReportEvent> | ReportStepEvent | null,
  context?: Pick<Context, 'awsRequestId'>,
): Promise<DailyMailOutcome | ReportRound | ShopReportOutcome> {
  const log = rootLogger.child({ function: 'scheduled-reports', requestId: context?.awsRequestId ?? 'local' });
  const now = new Date();
  if (event && 'step' in event && event.step === 'listShops') {
    const { run } = event;
    const page = await shopsPage(run.next);
    return { day: run.day ?? reportDay(run, now), resend: run.resend === true, shops: page.shops.map((t) => t.tenantId), ...(page.next ? { next: page.next } : {}) };
  }
  if (event && 'step' in event && event.step === 'reportShop') {
    const { tenantId, day, resend } = event.shop;
    // Each shop's report reads and writes as that shop only (the tenant fence, docs/aws.md).
    return inTenant(tenantId, async () => {
      try {
        const tenant = await tenantData.get(tenantId);
        if (!tenant) throw new NotFound(`Shop ${tenantId} is not in the directory.`);
        return await mailShopReport(tenant, day, resend, now, log);
      } catch (error) {
        // Each failed try is logged (and counted by the monitoring's metric filter); the state machine retries.
        log.child({ tenantId, day }).error('daily report failed', { error: (error as Error).message });
        throw error;
      }
    });
  }
  return sendDailyReports((event as Partial<DailyReportEvent> | null) ?? {}, now, log);
}
