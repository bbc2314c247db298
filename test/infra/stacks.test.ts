import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Bucket, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { MEDIA_CACHE_CONTROL, assetsLayout } from '../../shared/assets.js';
import { allRoutes, domainNames, routeKey } from '../../shared/routes/index.js';
import { tableDefinition } from '../../shared/table.js';
import { selectGatewayRoute } from '../../infra/api-routes.js';
import { domainNeeds, gatewayRoutes } from '../../infra/stacks/api-stack.js';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';
import { WebStack } from '../../infra/stacks/web-stack.js';

/** A template resource as the assertions library returns it: untyped JSON. */
type Resource = ReturnType<Template['findResources']>[string];
type Statement = { Effect?: string; Action: string | string[]; Condition?: Record<string, unknown>; Resource: unknown };

// Building the app bundles every function with esbuild, so it happens once for the whole file.
let outdir: string;
let stacks: ReturnType<typeof defineShop>;
let api: Template;
let auth: Template;
let data: Template;
let web: Template;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'shop-cdk-'));
  const app = new App({ outdir, context: shopAppContext });
  stacks = defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com' });
  api = Template.fromStack(stacks.api);
  auth = Template.fromStack(stacks.auth);
  data = Template.fromStack(stacks.data);
  web = Template.fromStack(stacks.web);
}, 300_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

const resources = (template: Template, type: string) => Object.entries(template.findResources(type));

/** The one resource of a type in a template, with its logical id. */
function single(template: Template, type: string): [string, Resource] {
  const found = resources(template, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}
const actionsOf = (statement: Statement) => [statement.Action].flat();
const logicalIdOf = (stack: Stack, fn: { node: { defaultChild?: unknown } }) => stack.getLogicalId(fn.node.defaultChild as CfnFunction);

function routesByKey(): Map<string, Resource> {
  return new Map(resources(api, 'AWS::ApiGatewayV2::Route').map(([, route]) => [route.Properties.RouteKey as string, route.Properties]));
}

/** The policy statements attached to a function's role, found through the role the function runs as. */
function statementsOfFunction(template: Template, functionLogicalId: string): Statement[] {
  const fn = template.toJSON().Resources[functionLogicalId] as Resource;
  const roleLogicalId = fn.Properties.Role['Fn::GetAtt'][0] as string;
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleLogicalId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

/** A concrete path for a documented one: each `{param}` filled with a value no literal segment has. */
const samplePath = (path: string) => path.replace(/\{\w+\}/g, 'x1');

/** The deployed route API Gateway picks for a table route's request, by the same rules (infra/api-routes.ts). */
function deployedRouteFor(route: { method: string; path: string }): Resource | undefined {
  const picked = selectGatewayRoute(gatewayRoutes, route.method, samplePath(route.path));
  return picked && routesByKey().get(picked.key);
}

describe('HTTP API', () => {
  it('has the routes planned from the route table: by domain, path segment and access kind', () => {
    expect([...routesByKey().keys()].sort()).toEqual(gatewayRoutes.map((r) => r.key).sort());
    expect(gatewayRoutes.length).toBeLessThan(allRoutes.length / 3);
  });

  it("brings each table route's request to a gateway route that carries it", () => {
    for (const entry of allRoutes) {
      const picked = selectGatewayRoute(gatewayRoutes, entry.route.method, samplePath(entry.route.path));
      expect(picked?.routes, routeKey(entry.route)).toContain(entry);
    }
  });

  it('puts the JWT authorizer on every route that is not public, and none on public ones', () => {
    const [authorizerId] = single(api, 'AWS::ApiGatewayV2::Authorizer');
    for (const { route } of allRoutes) {
      const deployed = deployedRouteFor(route);
      if (route.access === 'public') {
        expect(deployed, routeKey(route)).toMatchObject({ AuthorizationType: 'NONE' });
        expect(deployed?.AuthorizerId, routeKey(route)).toBeUndefined();
      } else {
        expect(deployed, routeKey(route)).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      }
    }
    // Every gateway route without the authorizer carries public routes only.
    for (const gateway of gatewayRoutes.filter((r) => routesByKey().get(r.key)?.AuthorizationType === 'NONE')) {
      expect(gateway.routes.every((e) => e.route.access === 'public'), gateway.key).toBe(true);
    }
  });

  it('trusts only tokens the user pool issued to the web client', () => {
    const [, authorizer] = single(api, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.ap-south-1.amazonaws.com/');
    expect(authorizer.Properties.JwtConfiguration.Audience).toHaveLength(1);
  });

  it('serves the routes on an auto-deployed stage named api', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'api', AutoDeploy: true });
  });

  it("sends every route to its own domain's function", () => {
    const integrationTarget = new Map(
      resources(api, 'AWS::ApiGatewayV2::Integration').map(([id, integration]) => [id, integration.Properties.IntegrationUri['Fn::GetAtt'][0]]),
    );
    for (const { domain, route } of allRoutes) {
      const target = deployedRouteFor(route)?.Target['Fn::Join'][1][1].Ref as string;
      expect(integrationTarget.get(target), routeKey(route)).toBe(logicalIdOf(stacks.api, stacks.api.domains[domain].function));
    }
  });
});

describe('domain functions', () => {
  it('are one Node.js 22 arm64 function per domain', () => {
    // Besides them: the platform setup run by the deploy, and the custom resource provider that calls it.
    expect(resources(api, 'AWS::Lambda::Function')).toHaveLength(domainNames.length + 2);
    for (const domain of domainNames) {
      const fn = api.toJSON().Resources[logicalIdOf(stacks.api, stacks.api.domains[domain].function)] as Resource;
      expect(fn.Properties, domain).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: domainNeeds[domain]?.memorySize ?? 512,
        Timeout: domainNeeds[domain]?.timeout?.toSeconds() ?? 10,
        Handler: 'index.handler',
      });
      expect(Object.keys(fn.Properties.Environment.Variables), domain).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'ASSETS_BUCKET', 'MAIL_FROM']),
      );
      expect(fn.Properties.Environment.Variables.MAIL_FROM).toBe('shop@example.com');
      expect(fn.Properties.LoggingConfig?.LogGroup, domain).toBeDefined();
    }
  });

  it('are bundled as ES modules that can still require CommonJS dependencies', () => {
    const fn = api.toJSON().Resources[logicalIdOf(stacks.api, stacks.api.domains.auth.function)] as Resource;
    const assetDir = path.join(outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
    const bundle = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith("import { createRequire } from 'module'; const require = createRequire(import.meta.url);")).toBe(true);
    expect(bundle).toMatch(/export\s*\{[^}]*\bhandler\b/);
    // The PDF font sits beside the bundles that draw PDFs, where functions/lib/pdf.ts looks for it, and only there.
    expect(existsSync(path.join(assetDir, 'fonts'))).toBe(false);
    const reports = api.toJSON().Resources[logicalIdOf(stacks.api, stacks.api.domains.reports.function)] as Resource;
    const reportsDir = path.join(outdir, `asset.${String(reports.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
    expect(existsSync(path.join(reportsDir, 'fonts', 'DejaVuSansCondensed.ttf'))).toBe(true);
  });

  it("reach no shop's items or files on their own role, only the tenant directory for the tenants domain", () => {
    for (const domain of domainNames) {
      const statements = statementsOfFunction(api, logicalIdOf(stacks.api, stacks.api.domains[domain].function));
      expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('s3:')), domain).toEqual([]);
      const dynamo = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      if (domain === 'tenants') {
        expect(dynamo.map(actionsOf), domain).toEqual([['dynamodb:Query']]);
        expect(dynamo[0]!.Condition, domain).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['TENANTS'] } });
      } else {
        expect(dynamo, domain).toEqual([]);
      }
    }
    expect(domainNeeds.tenants?.readsDirectory).toBe(true);
  });

  it("reach a shop's data only by assuming the read-write tenant role with a session tag, whose ARN they are given", () => {
    const roleId = data.getResourceId('AWS::IAM::Role', { Properties: { Description: Match.stringLikeRegexp('^One shop.s data') } });
    for (const domain of domainNames) {
      const fnId = logicalIdOf(stacks.api, stacks.api.domains[domain].function);
      const sts = statementsOfFunction(api, fnId).filter((s) => actionsOf(s).some((a) => a.startsWith('sts:')));
      expect(sts.map(actionsOf), domain).toEqual([['sts:AssumeRole', 'sts:TagSession']]);
      expect(JSON.stringify(sts[0]!.Resource), domain).toContain(roleId);
      const variables = (api.toJSON().Resources[fnId] as Resource).Properties.Environment.Variables;
      expect(JSON.stringify(variables.TENANT_ACCESS_ROLE_ARN), domain).toContain(roleId);
    }
  });

  it('call Cognito admin actions only where the domain needs them', () => {
    for (const domain of domainNames) {
      const statements = statementsOfFunction(api, logicalIdOf(stacks.api, stacks.api.domains[domain].function));
      const cognito = statements.flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
      expect(cognito.sort(), domain).toEqual([...(domainNeeds[domain]?.cognitoActions ?? [])].sort());
    }
    expect(domainNeeds.users?.cognitoActions).toContain('cognito-idp:AdminCreateUser');
    // The auth function reads a platform admin's second factor (AdminGetUser) to send them to set it up.
    expect(domainNeeds.auth?.cognitoActions).toEqual(['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminGetUser']);
    expect(domainNeeds.users?.cognitoActions).toContain('cognito-idp:AdminUserGlobalSignOut');
  });

  it('know the platform tenant, which the deploy creates with its first admin', () => {
    for (const domain of domainNames) {
      const fn = api.toJSON().Resources[logicalIdOf(stacks.api, stacks.api.domains[domain].function)] as Resource;
      expect(fn.Properties.Environment.Variables.PLATFORM_TENANT, domain).toBe('platform');
    }
    const setup = resources(api, 'AWS::CloudFormation::CustomResource');
    expect(setup).toHaveLength(1);
    expect(setup[0]![1].Properties).toMatchObject({ platformTenant: 'platform' });
  });
});

describe('tenant access roles', () => {
  const roles = () =>
    resources(data, 'AWS::IAM::Role').filter(([, role]) => String(role.Properties.Description ?? '').startsWith('One shop'));
  const policyOf = (roleId: string) =>
    resources(data, 'AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
  const tagged = '${aws:PrincipalTag/tenant}';

  it('allow only the items whose partition key starts with the tagged tenant, never a scan', () => {
    expect(roles()).toHaveLength(2);
    for (const [id, role] of roles()) {
      const dynamo = policyOf(id).filter((s) => s.Effect === 'Allow' && actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      expect(dynamo, id).toHaveLength(1);
      expect(dynamo[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`T#${tagged}#*`] } });
      expect(actionsOf(dynamo[0]!)).not.toContain('dynamodb:Scan');
      const writes = actionsOf(dynamo[0]!).some((a) => a === 'dynamodb:PutItem');
      expect(writes, id).toBe(!String(role.Properties.Description).includes('read-only'));
    }
  });

  it('never update or delete an audit record: the audit partition only takes new items', () => {
    const [readWrite] = roles().filter(([, role]) => !String(role.Properties.Description).includes('read-only'));
    const denied = policyOf(readWrite![0]).filter((s) => s.Effect === 'Deny');
    expect(denied).toHaveLength(1);
    expect(actionsOf(denied[0]!).sort()).toEqual(['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem']);
    expect(denied[0]!.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['T#*#AUDIT'] } });
  });

  it("allow only the tagged tenant's files and scratch files", () => {
    for (const [id] of roles()) {
      const s3 = policyOf(id).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
      expect(s3, id).toHaveLength(1);
      const objects = JSON.stringify(s3[0]!.Resource);
      expect(objects).toContain(`/t/${tagged}/*`);
      expect(objects).toContain(`/tmp/${tagged}/*`);
      expect(actionsOf(s3[0]!).every((a) => ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'].includes(a))).toBe(true);
    }
  });

  it('can be assumed only with the tenant tag and no other', () => {
    for (const [id, role] of roles()) {
      const [trust] = role.Properties.AssumeRolePolicyDocument.Statement as Statement[];
      expect(actionsOf(trust!).sort(), id).toEqual(['sts:AssumeRole', 'sts:TagSession']);
      expect(trust!.Condition).toEqual({
        StringLike: { 'aws:RequestTag/tenant': '?*' },
        'ForAllValues:StringEquals': { 'aws:TagKeys': ['tenant'] },
      });
    }
  });

  it('are the only way the pre-token trigger reads a shop (read-only)', () => {
    const [fnId] = single(auth, 'AWS::Lambda::Function');
    const statements = statementsOfFunction(auth, fnId);
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('sts:'))).toEqual(['sts:AssumeRole', 'sts:TagSession']);
    const readOnly = roles().find(([, role]) => String(role.Properties.Description).includes('read-only'))![0];
    expect(JSON.stringify(statements.find((s) => actionsOf(s).includes('sts:AssumeRole'))!.Resource)).toContain(readOnly);
  });
});

describe('assets bucket', () => {
  it('keeps earlier versions of every file for 30 days, and logs every access to a bucket of its own', () => {
    const assetsId = stacks.data.getLogicalId(stacks.data.assetsBucket.node.defaultChild as CfnBucket);
    const bucket = data.toJSON().Resources[assetsId] as Resource;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' })]),
    );
    expect(bucket.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: expect.stringMatching(/^AccessLogs/) }, LogFilePrefix: 'assets/' });
  });

  it('expires scratch files (uploads not saved, staged rows) and keeps the tenants\' files', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'tmp/', ExpirationInDays: assetsLayout.scratchDays, Status: 'Enabled' }),
        ]),
      },
    });
  });
});

describe('customer-facing images', () => {
  it('lets CloudFront read only the images of the assets bucket, nothing else of it', () => {
    const assetsId = stacks.data.getLogicalId(stacks.data.assetsBucket.node.defaultChild as CfnBucket);
    const [, policy] = resources(data, 'AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === assetsId)!;
    const statements = policy.Properties.PolicyDocument.Statement as (Statement & { Principal?: { Service?: string } })[];
    const cloudfront = statements.filter((s) => s.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(cloudfront).toHaveLength(1);
    expect(actionsOf(cloudfront[0]!)).toEqual(['s3:GetObject']);
    expect(JSON.stringify(cloudfront[0]!.Resource)).toMatch(/"\/t\/\*\/images\/\*"\]\]\}$/);
    expect(JSON.stringify(cloudfront[0]!.Condition)).toContain(':cloudfront::123456789012:distribution/*');
  });

  it('serves /media/* from the assets bucket, cached for a year, through one origin access control', () => {
    const [, distribution] = single(web, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    const media = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/media/*');
    expect(media).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === media.TargetOriginId);
    expect(JSON.stringify(origin)).not.toContain('"Ref"'); // the data stack's bucket, named, not a web-stack bucket
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CustomHeadersConfig: { Items: [{ Header: 'Cache-Control', Value: MEDIA_CACHE_CONTROL, Override: true }] },
      }),
    });
  });

  it('rewrites /media/<image key> to the key and refuses every other path before the bucket', () => {
    const functions = web.findResources('AWS::CloudFront::Function');
    const code = Object.values(functions)
      .map((f) => f.Properties.FunctionCode as string)
      .find((c) => c.includes('images'))!;
    const run = (uri: string) => runInNewContext(`${code}\nhandler(event)`, { event: { request: { uri } } }) as { uri?: string; statusCode?: number };
    expect(run('/media/t/demo/images/0b5e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c.png')).toMatchObject({ uri: '/t/demo/images/0b5e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c.png' });
    for (const refused of [
      '/media/t/demo/templates/1.xlsx',
      '/media/tmp/demo/uploads/0b5e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c',
      '/media/t/demo/images/../templates/a.png',
      '/media/t/demo/images/a.png/../../templates/x.png',
      '/media/t/demo/receipts/12.pdf',
    ]) {
      expect(run(refused), refused).toMatchObject({ statusCode: 404 });
    }
  });
});

describe('table', () => {
  it('is on-demand with point-in-time recovery, TTL and the GSIs of the shared definition', () => {
    const [, table] = single(data, 'AWS::DynamoDB::Table');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
    });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('survives the deletion of its stack', () => {
    data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('user pool', () => {
  it('has the immutable custom:tenantId attribute, e-mail sign-in and no self sign-up', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Schema: Match.arrayWith([{ Name: 'tenantId', AttributeDataType: 'String', Mutable: false }]),
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true }) },
    });
  });

  it('offers a second factor by authenticator app (software-token TOTP) as optional, never by SMS', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('runs the pre-token-generation trigger', () => {
    const [, pool] = single(auth, 'AWS::Cognito::UserPool');
    const triggerId = pool.Properties.LambdaConfig.PreTokenGeneration['Fn::GetAtt'][0] as string;
    expect(auth.toJSON().Resources[triggerId]).toMatchObject({
      Type: 'AWS::Lambda::Function',
      Properties: { Runtime: 'nodejs22.x', Architectures: ['arm64'] },
    });
    const dynamo = statementsOfFunction(auth, triggerId).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap(actionsOf).every((a) => ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'].includes(a))).toBe(true);
  });

  it('has a web client for password and refresh-token sign-in, without a secret, with one-hour ID tokens', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      IdTokenValidity: 60,
      TokenValidityUnits: Match.objectLike({ IdToken: 'minutes' }),
    });
  });
});

describe('web distribution', () => {
  it('forwards /api/* to the API stage uncached, with every method and every viewer header but Host', () => {
    const [, distribution] = single(web, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    const apiBehaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(apiBehaviour).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === apiBehaviour.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.ap-south-1.');
  });

  it('compresses every behaviour and caches each as it should: the shell revalidated, hashed files a year, the API never', () => {
    const [, distribution] = single(web, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    const behaviour = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
    for (const b of [config.DefaultCacheBehavior, behaviour('/assets/*'), behaviour('/api/*'), behaviour('/api/public/*')]) expect(b.Compress).toBe(true);
    expect(behaviour('/assets/*').CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized
    expect(behaviour('/api/*').CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    // The public catalogue's own policy: test/infra/public-catalogue-cache.test.ts.
    const shellPolicyId = config.DefaultCacheBehavior.CachePolicyId.Ref as string;
    expect(Object.keys(web.findResources('AWS::CloudFront::CachePolicy'))).toContain(shellPolicyId);
    const shellPolicy = web.toJSON().Resources[shellPolicyId] as Resource;
    expect(shellPolicy.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      ParametersInCacheKeyAndForwardedToOrigin: { EnableAcceptEncodingGzip: true, EnableAcceptEncodingBrotli: true },
    });
  });

  it('adds the security headers to every answer, those of the API included', () => {
    const [, distribution] = single(web, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    const policyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref as string;
    const policy = web.toJSON().Resources[policyId] as Resource;
    for (const pattern of ['/api/*', '/assets/*']) {
      const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
      expect(behaviour.ResponseHeadersPolicyId, pattern).toEqual({ Ref: policyId });
    }
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com;");
    // The till may show a Razorpay UPI QR image (its image_url on rzp.io).
    expect(csp).toMatch(/img-src [^;]*https:\/\/rzp\.io;/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Images and presigned uploads go to the assets bucket's own host.
    expect(csp).toContain('RegionalDomainName');
  });

  it('answers screen paths with the app shell without masking API errors', () => {
    const [, distribution] = single(web, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp("'/index.html'") });
  });

  it('reads the web bucket (and the images under /media) through one origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('uploads the React build when there is one: hashed files kept for a year, the shell revalidated', () => {
    const template = webStackWithBuild({ 'index.html': '<!doctype html><div id="root"></div>', 'assets/index-abc123.js': 'export {};' });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
  });

  it('synthesizes without a build, deploying nothing to the web bucket', () => {
    webStackWithBuild({}).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

/** A web stack alone, fed a build directory made of the given files. */
function webStackWithBuild(files: Record<string, string>): Template {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  try {
    const build = path.join(dir, 'dist');
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(build, name)), { recursive: true });
      writeFileSync(path.join(build, name), content);
    }
    const app = new App({ outdir: path.join(dir, 'out'), context: shopAppContext });
    const env = { account: '123456789012', region: 'ap-south-1' };
    const assetsBucket = new Bucket(new Stack(app, 'Assets', { env }), 'Assets');
    const stack = new WebStack(app, 'Web', { env, apiDomainName: 'abc.execute-api.ap-south-1.amazonaws.com', assetsBucket, webBuildDir: build });
    return Template.fromStack(stack);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
