import type { Duration } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { assetsLayout } from '../../shared/assets.js';
import { allRoutes, type DomainName } from '../../shared/routes/index.js';
import { AppFunction } from './app-function.js';
import { grantTenantTableAccess } from './tenant-table-access.js';

/** Asset keys start with `t/<tenantId>/` or `tmp/<tenantId>/` (shared/assets.ts); nothing else is the functions' business. */
export const tenantAssetsPatterns = [`${assetsLayout.tenantPrefix}/*`, `${assetsLayout.scratchPrefix}/*`];

/** The resources every domain function works with. */
export interface DomainResources {
  table: ITable;
  assetsBucket: IBucket;
  userPool: IUserPool;
  mailIdentity: IEmailIdentity;
}

/** Access a domain needs beyond tenant items, tenant assets and sending mail; anything not listed is refused. */
export interface DomainNeeds {
  cognitoActions?: string[];
  /** Partition keys outside every tenant, such as the tenant directory. */
  extraLeadingKeys?: string[];
  secrets?: ISecret[];
  /** For domains with heavy requests (spreadsheet uploads, PDF reports); API Gateway waits at most 30 s. */
  memorySize?: number;
  timeout?: Duration;
}

export interface DomainApiProps {
  domain: DomainName;
  httpApi: IHttpApi;
  /** Verifies the caller's token on every route that is not public. */
  authorizer: IHttpRouteAuthorizer;
  environment: Record<string, string>;
  resources: DomainResources;
  needs?: DomainNeeds;
}

/**
 * One domain of the route table in AWS: its Lambda function, one HTTP API route per route-table entry pointing at
 * it, and the least access the function needs. Routes come only from the table, so the API cannot drift from it.
 */
export class DomainApi extends Construct {
  readonly function: AppFunction;
  readonly routes: HttpRoute[];

  constructor(scope: Construct, id: string, props: DomainApiProps) {
    super(scope, id);
    const { domain, resources, needs = {} } = props;

    this.function = new AppFunction(this, 'Function', {
      entry: `functions/${domain}/handler.ts`,
      description: `API routes of the ${domain} domain`,
      environment: props.environment,
      memorySize: props.needs?.memorySize,
      timeout: props.needs?.timeout,
    });

    const integration = new HttpLambdaIntegration('Integration', this.function, { scopePermissionToRoute: false });
    const open = new HttpNoneAuthorizer();
    this.routes = allRoutes
      .filter((entry) => entry.domain === domain)
      .map(
        ({ name, route }) =>
          new HttpRoute(this, name, {
            httpApi: props.httpApi,
            routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
            integration,
            authorizer: route.access === 'public' ? open : props.authorizer,
          }),
      );

    grantTenantTableAccess(this.function, resources.table, { extraLeadingKeys: needs.extraLeadingKeys });
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: tenantAssetsPatterns.map((pattern) => resources.assetsBucket.arnForObjects(pattern)),
      }),
    );
    resources.mailIdentity.grantSendEmail(this.function);
    if (needs.cognitoActions?.length) resources.userPool.grant(this.function, ...needs.cognitoActions);
    for (const secret of needs.secrets ?? []) secret.grantRead(this.function);
  }
}
