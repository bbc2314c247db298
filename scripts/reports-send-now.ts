import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { LAMBDA_INVOKE_FILE, type LambdaInvokeAccess } from '../infra/local/stack.js';
import { SCHEDULED_REPORTS_FUNCTION, type DailyReportEvent } from '../shared/report-schedule.js';
import type { DailyMailOutcome } from '../functions/reports/daily-mail.js';

/**
 * Runs the daily report e-mails once, now, against the running local stack (`npm start`): the same function the
 * schedule runs at 21:00, invoked through the local Lambda Invoke API. The mail shows in the SES emulator.
 */
async function main() {
  // The running stack's own access to its Invoke API, kept in its data folder for this command.
  const access = JSON.parse(readFileSync(path.join(process.cwd(), '.local', LAMBDA_INVOKE_FILE), 'utf8')) as LambdaInvokeAccess;
  const lambda = new LambdaClient({
    region: 'ap-south-1',
    endpoint: access.endpoint,
    credentials: { accessKeyId: access.accessKeyId, secretAccessKey: access.secretAccessKey },
  });
  const event: DailyReportEvent = { report: 'daily', scheduledTime: new Date().toISOString(), resend: true };
  const answer = await lambda.send(new InvokeCommand({ FunctionName: SCHEDULED_REPORTS_FUNCTION, Payload: new TextEncoder().encode(JSON.stringify(event)) }));
  const payload = JSON.parse(new TextDecoder().decode(answer.Payload ?? new Uint8Array())) as DailyMailOutcome & { errorMessage?: string };
  if (answer.FunctionError) throw new Error(payload.errorMessage ?? 'the report function failed');
  console.log(`Daily reports for ${payload.day}:`);
  for (const m of payload.mailed) console.log(`  mailed ${m.tenantId} to ${m.to.join(', ')}`);
  for (const s of payload.skipped) console.log(`  skipped ${s.tenantId}: ${s.reason}`);
  for (const f of payload.failed) console.log(`  FAILED ${f.tenantId}: ${f.message}`);
  console.log(`See the mail at http://127.0.0.1:${process.env.SES_PORT ?? 8005}`);
}

main().catch((error: Error) => {
  console.error(`Could not send the reports: ${error.message}. Is the local stack running (npm start)?`);
  process.exit(1);
});
