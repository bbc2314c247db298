import { CfnOutput, CustomResource, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { domainNames, type DomainName } from '../../shared/routes/index.js';
import { planGatewayRoutes, type GatewayRoute } from '../api-routes.js';
import { AppFunction } from '../constructs/app-function.js';
import { upgradeFingerprint } from '../upgrade-fingerprint.js';
import { DomainApi, type DomainResources, type DomainNeeds } from '../constructs/domain-api.js';
import { grantDirectoryRead, useTenantAccess } from '../constructs/tenant-table-access.js';

/** The browser reaches the API as `/api/...` on the web origin; the stage name makes that prefix line up. */
export const apiStageName = 'api';

export interface ApiStackProps extends StackProps {
  table: ITable;
  /** The tenant role its functions assume for one shop's data (infra/constructs/tenant-table-access.ts). */
  tenantRole: IRole;
  assetsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  mailIdentity: IEmailIdentity;
  mailFrom: string;
  razorpaySecret: ISecret;
  whatsappSecret: ISecret;
  /** The payment-to-order state machine the payments domain runs (StartSyncExecution). */
  paymentToOrder: IStateMachine;
  /** Where the first platform admin's temporary password is mailed (infra/settings.ts). */
  platformAdminEmail?: string;
  /** A new value mails the first platform admin a new temporary password while they have not signed in. */
  resendAdminInvite?: string;
  /** The web app's origin (`https://<domain>`), for the absolute addresses of a shared product link's preview. */
  siteOrigin?: string;
}

/** The whole API's share: every route together, across all shops (requests a second, and the burst above it). */
export const stageThrottle = { rateLimit: 100, burstLimit: 200 };
/**
 * Routes anyone may call without a token (sign-in, reset codes, sign-up, the shop list) get a small slice, so a
 * flood of them cannot use up the stage's share that signed-in shops need. The payment webhook is public too but
 * signed by Razorpay, and its deliveries are not ours to slow. The slice is per public route of the table: a gateway
 * route carrying several public routes (`ANY /public/{proxy+}`) gets as many slices.
 */
export const publicRouteThrottle = { rateLimit: 10, burstLimit: 20 };
/** The HTTP API's routes, by domain and access kind (infra/api-routes.ts). */
export const gatewayRoutes: GatewayRoute[] = planGatewayRoutes();
/** The throttle of each public gateway route by its key. */
export const publicRouteSettings = Object.fromEntries(
  gatewayRoutes
    .filter((r) => r.access === 'public')
    .map((r) => [r.key, { rateLimit: publicRouteThrottle.rateLimit * r.routes.length, burstLimit: publicRouteThrottle.burstLimit * r.routes.length }]),
);

/** Cognito calls the code makes on behalf of users; signing in itself needs no IAM permission. */
const userAdminActions = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  // Ending every session of a user (deleted, roles changed, signed out) and the owner's one password reveal.
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminGetUser',
];

/**
 * What each domain may do beyond its tenants' items and assets and sending mail. A domain that starts calling
 * Cognito or a provider gets its entry here, in the same change.
 */
export const domainNeeds: Partial<Record<DomainName, DomainNeeds>> = {
  // A password reset and Sign Out end every session of the user; two-step sign-in's status reads the user's MFA settings.
  auth: { cognitoActions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminGetUser'] },
  users: { cognitoActions: userAdminActions },
  // Opening a shop creates its first manager; closing it disables its people's sign-in.
  tenants: { readsDirectory: true, cognitoActions: userAdminActions },
  // Customers sign themselves up, and deleting a customer who signed up disables the sign-in.
  customers: { cognitoActions: userAdminActions },
  inventory: { memorySize: 1024, timeout: Duration.seconds(29) },
  stock: { timeout: Duration.seconds(29) },
  purchases: { timeout: Duration.seconds(29) },
  // The checkout and the webhook wait for the payment-to-order workflow (StartSyncExecution): as long as API Gateway waits.
  payments: { timeout: Duration.seconds(29) },
  // Reports read a range's daily items and draw PDFs of up to 5,000 rows.
  reports: { memorySize: 1024, timeout: Duration.seconds(29) },
};

/** The secrets a domain reads besides the page-cursor key (read access is granted on exactly these). */
const providerSecrets = (props: ApiStackProps): Partial<Record<DomainName, ISecret[]>> => ({
  messages: [props.whatsappSecret],
  // Reminders of dues go out on WhatsApp (docs/customer-credit.md).
  accounts: [props.whatsappSecret],
  payments: [props.razorpaySecret],
});

/**
 * The HTTP API: routes planned from the route table by domain and access kind (a greedy `ANY /<segment>/{proxy+}`
 * route per path segment, the function matching method and path itself), one Lambda per domain, and the Cognito JWT
 * authorizer on every route that carries routes that are not public. The authorizer trusts only tokens the pool issued to the web client; of those,
 * only the ID token carries `custom:tenantId`, without which the handlers refuse the call.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly domains: Record<DomainName, DomainApi>;
  /** CloudFront's origin secret (`X-Origin-Verify`), generated at the first deploy. */
  readonly originVerify: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'Api', {
      description: 'Shop back office and storefront API',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('Stage', {
      stageName: apiStageName,
      autoDeploy: true,
      throttle: stageThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('IdToken', props.userPool, { userPoolClients: [props.userPoolClient] });
    // The key list pages sign their cursors with (functions/lib/cursors.ts); every domain pages a list.
    const cursorKey = new Secret(this, 'PageCursorKey', {
      description: 'Signs the opaque page cursors of list answers',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'key', passwordLength: 48, excludePunctuation: true },
    });
    // CloudFront sends this value with every request to the API; the functions refuse requests without it, which
    // came to the execute-api address past CloudFront and its web ACL (docs/aws.md, "Only through CloudFront").
    this.originVerify = new Secret(this, 'OriginVerify', {
      description: 'The value CloudFront sends the API in X-Origin-Verify; requests without it are refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const environment = {
      TABLE_NAME: props.table.tableName,
      CURSOR_SECRET_ARN: cursorKey.secretArn,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      ASSETS_BUCKET: props.assetsBucket.bucketName,
      MAIL_FROM: props.mailFrom,
      RAZORPAY_SECRET_ARN: props.razorpaySecret.secretArn,
      WHATSAPP_SECRET_ARN: props.whatsappSecret.secretArn,
      // The platform's own tenant, whose ADMINs manage every shop (docs/people.md); `-c platformTenant=<id>`.
      PLATFORM_TENANT: String(this.node.tryGetContext('platformTenant') ?? 'platform'),
      ...(props.siteOrigin ? { SITE_ORIGIN: props.siteOrigin } : {}),
      // Browsers come through CloudFront, whose own address is what API Gateway sees; per-client limits count the viewer's.
      VIEWER_ADDRESS_HEADER: 'CloudFront-Viewer-Address',
      ORIGIN_VERIFY: this.originVerifyValue,
    };
    const resources = {
      table: props.table,
      assetsBucket: props.assetsBucket,
      userPool: props.userPool,
      mailIdentity: props.mailIdentity,
      tenantRole: props.tenantRole,
    };
    this.domains = Object.fromEntries(
      domainNames.map((domain) => [
        domain,
        new DomainApi(this, domain, {
          domain,
          httpApi: this.httpApi,
          gatewayRoutes: gatewayRoutes.filter((r) => r.domain === domain),
          authorizer,
          environment,
          resources,
          needs: { ...domainNeeds[domain], secrets: [cursorKey, ...(providerSecrets(props)[domain] ?? [])] },
        }),
      ]),
    ) as Record<DomainName, DomainApi>;
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.routeSettings = Object.fromEntries(
      // A JSON property: CloudFormation's own (PascalCase) names, which CDK passes through as written.
      Object.entries(publicRouteSettings).map(([key, limit]) => [key, { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit }]),
    );
    // Route settings name routes by key: the routes must exist before the stage that refers to them.
    for (const domain of Object.values(this.domains)) for (const route of domain.routes) this.stage.node.addDependency(route);
    props.paymentToOrder.grantStartSyncExecution(this.domains.payments.function);
    this.domains.payments.function.addEnvironment('PAYMENT_TO_ORDER_ARN', props.paymentToOrder.stateMachineArn);

    this.platformSetup(environment, resources, props);

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }

  /**
   * The platform tenant is created by the deploy: a custom resource runs `functions/tenants/platform-setup.ts`,
   * which provisions it and its first admin (temporary password mailed to `platformAdminEmail`), then upgrades every
   * shop. Its properties carry the fingerprint of what the upgrade brings (feature catalogue, built-in roles) and of
   * the setup code, so CloudFormation runs it again whenever either changes; a new `resendAdminInvite` value runs it
   * to mail the first admin a new temporary password.
   */
  private platformSetup(environment: Record<string, string>, resources: DomainResources, props: ApiStackProps): void {
    const adminEmail = props.platformAdminEmail ?? '';
    const setup = new AppFunction(this, 'PlatformSetup', {
      entry: 'functions/tenants/platform-setup.ts',
      description: 'Creates the platform tenant and its first admin, and upgrades every shop, on deploy',
      environment: { ...environment, ...(adminEmail ? { PLATFORM_ADMIN_EMAIL: adminEmail } : {}) },
      // Every shop is upgraded in one run (the provider waits for it up to the same 15 minutes).
      timeout: Duration.minutes(15),
    });
    // It writes the platform tenant's own items as that tenant, and upgrades each shop of the directory as that shop
    // (functions/tenants/platform-setup.ts, functions/tenants/upgrade.ts).
    useTenantAccess(setup, resources.tenantRole);
    grantDirectoryRead(setup, resources.table);
    resources.mailIdentity.grantSendEmail(setup);
    resources.userPool.grant(setup, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword');
    const provider = new Provider(this, 'PlatformSetupProvider', { onEventHandler: setup });
    new CustomResource(this, 'PlatformTenant', {
      serviceToken: provider.serviceToken,
      properties: {
        platformTenant: environment.PLATFORM_TENANT,
        adminEmail,
        resendAdminInvite: props.resendAdminInvite ?? '',
        upgrade: upgradeFingerprint(),
        setupCode: ((setup.node.defaultChild as CfnFunction).code as CfnFunction.CodeProperty).s3Key ?? '',
      },
    });
  }

  /**
   * The origin secret as a CloudFormation dynamic reference: resolved by CloudFormation at deploy time into the
   * functions' environment and CloudFront's origin header, never written into a template.
   */
  get originVerifyValue(): string {
    return this.originVerify.secretValue.unsafeUnwrap();
  }

  /** The host CloudFront forwards `/api/*` to. */
  get apiDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}
