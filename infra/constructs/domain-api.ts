import type { Duration } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { DomainName } from '../../shared/routes/index.js';
import type { GatewayRoute } from '../api-routes.js';
import { AppFunction } from './app-function.js';
import { grantDirectoryRead, useTenantAccess } from './tenant-table-access.js';

/** The resources every domain function works with. */
export interface DomainResources {
  table: ITable;
  assetsBucket: IBucket;
  userPool: IUserPool;
  mailIdentity: IEmailIdentity;
  /** Assumed with a tenant tag for every read and write of a request's data. */
  tenantRole: IRole;
}

/** Access a domain needs beyond tenant items, tenant assets and sending mail; anything not listed is refused. */
export interface DomainNeeds {
  cognitoActions?: string[];
  /** Reads the tenant directory across shops on its own role (the platform's named path). */
  readsDirectory?: boolean;
  secrets?: ISecret[];
  /** For domains with heavy requests (spreadsheet uploads, PDF reports); API Gateway waits at most 30 s. */
  memorySize?: number;
  timeout?: Duration;
}

export interface DomainApiProps {
  domain: DomainName;
  httpApi: IHttpApi;
  /** The gateway routes of this domain (infra/api-routes.ts): a greedy route per path segment and access kind. */
  gatewayRoutes: GatewayRoute[];
  /** Verifies the caller's token on every route that is not public. */
  authorizer: IHttpRouteAuthorizer;
  environment: Record<string, string>;
  resources: DomainResources;
  needs?: DomainNeeds;
}

/**
 * One domain of the route table in AWS: its Lambda function, its HTTP API routes (by path segment and access kind,
 * planned from the route table in infra/api-routes.ts) pointing at it, and the least access the function needs.
 * Routes come only from the table, so the API cannot drift from it.
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
    this.routes = props.gatewayRoutes.map((gateway) => {
      const [method, path] = gateway.key.split(' ', 2) as [keyof typeof HttpMethod, string];
      return new HttpRoute(this, gatewayRouteId(gateway.key), {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(path, HttpMethod[method]),
        integration,
        authorizer: gateway.access === 'jwt' ? props.authorizer : open,
      });
    });

    // The function's own role reaches no shop's items or files: those need the tenant role, assumed per request.
    useTenantAccess(this.function, resources.tenantRole);
    if (needs.readsDirectory) grantDirectoryRead(this.function, resources.table);
    resources.mailIdentity.grantSendEmail(this.function);
    if (needs.cognitoActions?.length) resources.userPool.grant(this.function, ...needs.cognitoActions);
    for (const secret of needs.secrets ?? []) secret.grantRead(this.function);
  }
}

/** A construct id for a gateway route key: `ANY /expense/{proxy+}` → `ANY-expense-proxy`. */
const gatewayRouteId = (key: string) => key.replace(/[{}+]/g, '').replace(/[^A-Za-z0-9]+/g, '-');
