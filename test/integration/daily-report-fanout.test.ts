import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportStepEvent } from '../../functions/reports/scheduled.js';
import { ROLE } from '../../shared/roles.js';
import { localWorkflowRunner } from '../../infra/local/step-functions.js';
import { DEMO_PASSWORD, seedTenant, type TenantSeed } from '../../infra/local/seed.js';
import { sentMail } from './mail.js';

/**
 * The nightly report round as the schedule runs it: the daily-reports state machine (the same ASL CDK deploys) in
 * this process with aws-local-stepfunctions, its Task states calling the report function's handler, and its
 * dead-letter Task's messages kept in a local queue. One shop's report is broken the way a failing Lambda is.
 */
const SHOPS = ['fana', 'fanb', 'fanc'];
const BROKEN = 'fanb';
/** A day no other test reports, so every shop of the directory is mailed once for it. */
const SCHEDULED = '2026-06-15T15:30:00Z';

const shop = (id: string): TenantSeed => ({
  tenant: { tenantId: id, tenantName: id, displayName: `${id.toUpperCase()} Stores`, address: '3, Temple Street, Mysuru 570001', gstNumber: '29AAPFU0939F1ZV', emailId: `accounts@${id}.shop` },
  users: [{ userName: `owner@${id}.shop`, password: DEMO_PASSWORD, role: ROLE.TENANT_MANAGER, mobileNumber: '9700000011' }],
  policies: [],
  walkInCustomers: [],
});

const recipients = (mail: { to: string[] }) => mail.to.flatMap((to) => to.split(/,\s*/));

beforeAll(async () => {
  for (const id of SHOPS) await seedTenant(shop(id), new Date('2026-06-01T04:00:00Z'));
}, 120_000);

describe('nightly report round', () => {
  it("mails every other shop when one shop's report keeps failing, tries that shop three times and sends it to the dead-letter queue", { timeout: 120_000 }, async () => {
    const tries = new Map<string, number>();
    const queues = new Map<string, unknown[]>();
    const runner = await localWorkflowRunner({
      queues,
      wrapSteps: (handler) => async (event) => {
        const step = event as unknown as ReportStepEvent;
        if (step.step === 'reportShop') {
          tries.set(step.shop.tenantId, (tries.get(step.shop.tenantId) ?? 0) + 1);
          if (step.shop.tenantId === BROKEN) throw new Error(`the report of ${BROKEN} failed (injected)`);
        }
        return handler(event);
      },
    });
    const before = (await sentMail()).length;

    const outcome = await runner('dailyReports', { report: 'daily', scheduledTime: SCHEDULED });

    expect(outcome.status, JSON.stringify(outcome)).toBe('SUCCEEDED');
    const mails = (await sentMail()).slice(before);
    for (const id of SHOPS.filter((s) => s !== BROKEN)) {
      expect(mails.filter((m) => recipients(m).includes(`owner@${id}.shop`)).map((m) => m.subject)).toEqual([`Daily report · ${id.toUpperCase()} Stores · 15/06/2026`]);
      expect(tries.get(id)).toBe(1);
    }
    expect(mails.filter((m) => recipients(m).includes(`owner@${BROKEN}.shop`))).toEqual([]);
    expect(tries.get(BROKEN)).toBe(3);
    // Every shop of the directory had its turn, a page of shops at a time.
    expect([...tries.keys()]).toEqual(expect.arrayContaining(SHOPS));

    const deadLetters = queues.get('DeadLetterQueueUrl') ?? [];
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({ report: 'daily', tenantId: BROKEN, day: '2026-06-15', error: 'Error' });
    expect(String((deadLetters[0] as { cause: string }).cause)).toContain('(injected)');
  });

  it('mails no shop twice when the round is delivered again, and the shop that failed once mended is mailed then', { timeout: 120_000 }, async () => {
    const queues = new Map<string, unknown[]>();
    const runner = await localWorkflowRunner({ queues });
    const before = (await sentMail()).length;

    const outcome = await runner('dailyReports', { report: 'daily', scheduledTime: SCHEDULED });

    expect(outcome.status).toBe('SUCCEEDED');
    const mails = (await sentMail()).slice(before);
    expect(mails.filter((m) => recipients(m).includes(`owner@${BROKEN}.shop`))).toHaveLength(1);
    for (const id of SHOPS.filter((s) => s !== BROKEN)) expect(mails.filter((m) => recipients(m).includes(`owner@${id}.shop`))).toEqual([]);
    expect(queues.get('DeadLetterQueueUrl') ?? []).toEqual([]);
  });
});
