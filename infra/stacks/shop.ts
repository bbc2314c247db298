import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiStack } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { DataStack } from './data-stack.js';
import { EdgeProtectionStack } from './edge-protection-stack.js';
import { IntegrationsStack } from './integrations-stack.js';
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
  });
  // Opt-in (`-c waf=true`): a web ACL costs money while idle. CloudFront's web ACLs must live in us-east-1.
  const waf = ['true', true].includes(scope.node.tryGetContext('waf'))
    ? new EdgeProtectionStack(scope, 'ShopEdgeProtection', {
        env: { account: env?.account, region: 'us-east-1' },
        description: 'Shop: AWS WAF in front of CloudFront',
      })
    : undefined;
  const web = new WebStack(scope, 'ShopWeb', {
    env,
    description: 'Shop: web app on CloudFront, with /api/* forwarded to the API',
    apiDomainName: api.apiDomainName,
    assetsBucket: data.assetsBucket,
    webAclArn: waf?.webAcl.attrArn,
    crossRegionReferences: waf !== undefined,
  });
  const reports = new ReportsStack(scope, 'ShopReports', {
    env,
    description: 'Shop: daily report e-mails on an EventBridge Scheduler schedule',
    table: data.table,
    tenantRole: data.tenantAccess.readWrite,
    mailIdentity: integrations.mailIdentity,
    mailFrom: integrations.mailFrom,
  });
  return { data, auth, integrations, payments, api, web, reports, waf };
}
