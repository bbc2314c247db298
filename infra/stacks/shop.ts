import { Duration, type Environment } from 'aws-cdk-lib';
import type { AppFunction } from '../constructs/app-function.js';
import type { Construct } from 'constructs';
import { suppressNagFindings } from '../nag-suppressions.js';
import { readSettings, type SettingsSource, type ShopSettings } from '../settings.js';
import { ApiStack, apiStageName } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { DataStack } from './data-stack.js';
import { EdgeProtectionStack } from './edge-protection-stack.js';
import { IntegrationsStack } from './integrations-stack.js';
import { MonitoringStack, type WatchedFunction } from './monitoring-stack.js';
import { PaymentsStack } from './payments-stack.js';
import { ReportsStack } from './reports-stack.js';
import { WebStack } from './web-stack.js';

/**
 * App context defaults (cdk.json may override). Outputs read by name rather than exports: a producer stack can
 * then change what it shares without first removing every consumer's import.
 */
export const shopAppContext = { '@aws-cdk/core:defaultCrossStackReferences': 'weak' };

export interface ShopOptions {
  env?: Environment;
  mailFrom: string;
  /** Where the first platform admin's temporary password is mailed (infra/settings.ts). */
  platformAdminEmail?: string;
  /** Subscribed to the alarms topic; the platform admin's address when absent. */
  alarmEmail?: string;
  /** The web address and its us-east-1 certificate. */
  domain?: ShopSettings['domain'];
  /** AWS WAF in front of CloudFront; on unless false. */
  waf?: boolean;
  /** A new value mails the first platform admin a new temporary password while they have not signed in. */
  resendAdminInvite?: string;
}

/** The options of a deploy from its checked settings (`infra/app.ts`); throws naming each missing setting. */
export function shopOptionsFromSettings(source: SettingsSource, account?: string): ShopOptions {
  const settings = readSettings(source);
  return {
    env: { account, region: settings.region },
    mailFrom: settings.mailFrom,
    platformAdminEmail: settings.platformAdminEmail,
    alarmEmail: settings.alarmEmail,
    domain: settings.domain,
    waf: settings.waf,
    resendAdminInvite: settings.resendAdminInvite,
  };
}

/** All stacks of the product, wired together; `infra/app.ts` deploys them and the infra tests synthesize them. */
export function defineShop(scope: Construct, options: ShopOptions) {
  const { env } = options;
  const data = new DataStack(scope, 'ShopData', { env, description: 'Shop: table and assets bucket' });
  const auth = new AuthStack(scope, 'ShopAuth', { env, description: 'Shop: Cognito user pool', table: data.table, tenantRole: data.tenantAccess.readOnly });
  const integrations = new IntegrationsStack(scope, 'ShopIntegrations', {
    env,
    description: 'Shop: provider secrets and the SES sender identity',
    mailFrom: options.mailFrom,
    platformAdminEmail: options.platformAdminEmail,
  });
  const payments = new PaymentsStack(scope, 'ShopPayments', {
    env,
    description: 'Shop: payment-to-order state machine and its steps',
    table: data.table,
    tenantRole: data.tenantAccess.readWrite,
    mailIdentity: integrations.mailIdentity,
    mailFrom: integrations.mailFrom,
    razorpaySecret: integrations.razorpaySecret,
  });
  const api = new ApiStack(scope, 'ShopApi', {
    env,
    description: 'Shop: HTTP API and domain functions',
    table: data.table,
    tenantRole: data.tenantAccess.readWrite,
    assetsBucket: data.assetsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    mailIdentity: integrations.mailIdentity,
    mailFrom: integrations.mailFrom,
    razorpaySecret: integrations.razorpaySecret,
    whatsappSecret: integrations.whatsappSecret,
    paymentToOrder: payments.paymentToOrder,
    platformAdminEmail: options.platformAdminEmail,
    resendAdminInvite: options.resendAdminInvite,
    siteOrigin: options.domain ? `https://${options.domain.name}` : undefined,
  });
  // On unless `-c waf=false` (a web ACL costs money while idle, docs/aws.md). CloudFront's web ACLs live in us-east-1.
  const waf = options.waf !== false
    ? new EdgeProtectionStack(scope, 'ShopEdgeProtection', {
        env: { account: env?.account, region: 'us-east-1' },
        description: 'Shop: AWS WAF in front of CloudFront',
      })
    : undefined;
  const web = new WebStack(scope, 'ShopWeb', {
    env,
    description: 'Shop: web app on CloudFront, with /api/* forwarded to the API',
    apiDomainName: api.apiDomainName,
    apiOriginHeaders: { 'X-Origin-Verify': api.originVerifyValue },
    assetsBucket: data.assetsBucket,
    webAclArn: waf?.webAcl.attrArn,
    domain: options.domain,
    crossRegionReferences: waf !== undefined,
  });
  const reports = new ReportsStack(scope, 'ShopReports', {
    env,
    description: 'Shop: daily report e-mails, a state machine of shops started by an EventBridge Scheduler schedule',
    table: data.table,
    tenantRole: data.tenantAccess.readWrite,
    mailIdentity: integrations.mailIdentity,
    mailFrom: integrations.mailFrom,
  });
  const watched = (name: string, fn: AppFunction): WatchedFunction => ({ name, fn, timeout: fn.timeout ?? Duration.seconds(3) });
  const monitoring = new MonitoringStack(scope, 'ShopMonitoring', {
    env,
    description: 'Shop: alarms, their SNS topic and the dashboard',
    alarmEmail: options.alarmEmail ?? options.platformAdminEmail,
    stageName: apiStageName,
    functions: [
      ...Object.entries(api.domains).map(([domain, { function: fn }]) => watched(domain, fn)),
      watched('PreToken', auth.preToken),
      watched('PaymentSteps', payments.steps),
      watched('PaymentSweeper', payments.sweeper),
      watched('DailyReports', reports.reportFunction),
    ],
    table: data.table,
    paymentToOrder: payments.paymentToOrder,
    dailyReports: { round: reports.dailyReports, deadLetters: reports.deadLetters },
    logLines: [
      {
        name: 'PaymentFlowUnfinished',
        logGroup: api.domains.payments.function.logGroup,
        message: 'payment-to-order flow did not finish',
        description: 'Payment to order: a checkout or webhook saw the flow end without an order; the sweeper retries it',
      },
      {
        name: 'PaymentNeedsAttention',
        logGroup: payments.steps.logGroup,
        message: 'payment needs attention',
        description: 'Payment to order: a step failed after its retries; the sweeper runs the flow again within 15 minutes',
      },
      {
        name: 'PaymentFoundStuck',
        logGroup: payments.sweeper.logGroup,
        message: 'payment found without its order or refund',
        description: 'Payment sweeper: a captured payment had no order (or its refund) yet; it was run again (see the sweeper log)',
      },
      {
        name: 'DailyReportFailed',
        logGroup: reports.reportFunction.logGroup,
        message: 'daily report failed',
        description: "Nightly report: a shop's report failed (the others were sent)",
      },
    ],
    apiId: api.httpApi.apiId,
    apiStage: apiStageName,
  });
  suppressNagFindings({ data, auth, integrations, payments, api, web, reports, monitoring, waf: waf !== undefined });
  return { data, auth, integrations, payments, api, web, reports, waf, monitoring };
}
