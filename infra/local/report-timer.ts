import { dailyReportSchedule } from '../../shared/report-schedule.js';

/**
 * Runs the daily report function locally at the schedule's shop time, as EventBridge Scheduler does in AWS: a
 * check every 20 seconds of the wall clock in the schedule's time zone, firing once per day.
 */
export function startReportTimer(run: (scheduledTime: string) => Promise<unknown>, log: (message: string) => void): () => void {
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone: dailyReportSchedule.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  let lastDay: string | undefined;
  const check = () => {
    const now = new Date();
    const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
    const day = `${parts.year}-${parts.month}-${parts.day}`;
    if (Number(parts.hour) !== dailyReportSchedule.hour || Number(parts.minute) !== dailyReportSchedule.minute || lastDay === day) return;
    lastDay = day;
    const scheduledTime = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    run(scheduledTime).catch((error: Error) => log(`Daily report run failed: ${error.message}`));
  };
  const timer = setInterval(check, 20_000);
  timer.unref();
  return () => clearInterval(timer);
}
