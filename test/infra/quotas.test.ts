import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { allRoutes, domainNames } from '../../shared/routes/index.js';
import { planGatewayRoutes } from '../../infra/api-routes.js';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';

/**
 * Each stack stays within 80 % of the AWS quotas it could outgrow, so that growth shows here, in a failing test,
 * long before a deploy fails. CloudFormation: 500 resources, 200 outputs, 200 parameters, 200 mappings per stack and
 * 1 MB per template. API Gateway, per HTTP API: 300 routes, 300 integrations, 10 authorizers, 10 stages.
 */
export const quotas = {
  stack: { resources: 500, outputs: 200, parameters: 200, mappings: 200, templateBytes: 1_000_000 },
  httpApi: { routes: 300, integrations: 300, authorizers: 10, stages: 10 },
};
const headroom = 0.8;

/** The whole product synthesized without bundling the functions (what is counted here is the templates). */
function synth(options: { waf?: boolean; domain?: boolean } = {}) {
  const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [] } });
  return defineShop(app, {
    env: { account: '123456789012', region: 'ap-south-1' },
    mailFrom: 'shop@example.com',
    platformAdminEmail: 'admin@example.com',
    waf: options.waf,
  });
}

const stacksOf = (shop: ReturnType<typeof synth>): Stack[] => Object.values(shop as Record<string, unknown>).filter((s): s is Stack => s instanceof Stack);

function countsOf(stack: Stack) {
  const json = Template.fromStack(stack).toJSON() as Record<string, Record<string, { Type?: string; Properties?: Record<string, unknown> }> | undefined>;
  const resources = Object.values(json.Resources ?? {});
  const ofType = (type: string) => resources.filter((r) => r.Type === type);
  return {
    resources: resources.length,
    outputs: Object.keys(json.Outputs ?? {}).length,
    parameters: Object.keys(json.Parameters ?? {}).length,
    mappings: Object.keys(json.Mappings ?? {}).length,
    templateBytes: JSON.stringify(json).length,
    apis: ofType('AWS::ApiGatewayV2::Api').length,
    routes: ofType('AWS::ApiGatewayV2::Route').length,
    integrations: ofType('AWS::ApiGatewayV2::Integration').length,
    authorizers: ofType('AWS::ApiGatewayV2::Authorizer').length,
    stages: ofType('AWS::ApiGatewayV2::Stage').length,
  };
}

describe('room to grow', () => {
  const shop = synth();

  it.each(stacksOf(shop).map((stack) => stack.stackName))('%s stays under 80 per cent of each CloudFormation quota', (name) => {
    const stack = stacksOf(shop).find((s) => s.stackName === name)!;
    const counts = countsOf(stack);
    for (const [quotaName, quota] of Object.entries(quotas.stack)) {
      expect(counts[quotaName as keyof typeof counts], `${name}: ${quotaName} of ${quota}`).toBeLessThanOrEqual(quota * headroom);
    }
  });

  it('keeps every HTTP API under 80 % of its route, integration, authorizer and stage quotas', () => {
    const withApis = stacksOf(shop).filter((stack) => countsOf(stack).apis > 0);
    expect(withApis.length).toBeGreaterThan(0);
    for (const stack of withApis) {
      const counts = countsOf(stack);
      // Counted per stack; one API per stack keeps the per-API count exact.
      expect(counts.apis, stack.stackName).toBe(1);
      for (const [name, quota] of Object.entries(quotas.httpApi)) {
        expect(counts[name as keyof typeof counts], `${stack.stackName}: ${name} of ${quota}`).toBeLessThanOrEqual(quota * headroom);
      }
    }
  });

  it('has room for ten times the routes: the gateway routes grow by domain and path segment, not by route', () => {
    const tenfold = allRoutes.flatMap((entry) =>
      Array.from({ length: 10 }, (_, i) => ({ ...entry, name: `${entry.name}${i}`, route: { ...entry.route, path: i ? `${entry.route.path}/more${i}` : entry.route.path } })),
    );
    expect(tenfold).toHaveLength(allRoutes.length * 10);
    const planned = planGatewayRoutes(tenfold);
    expect(planned.length).toBeLessThanOrEqual(quotas.httpApi.routes * headroom);
    // A greedy route carries many: only the few routes of another domain or access kind under a segment stand alone.
    expect(planned.filter((r) => r.key.endsWith('{proxy+}')).length).toBeLessThanOrEqual(domainNames.length * 4);
  });
});

describe('the gateway route plan', () => {
  const entry = (domain: string, method: string, path: string, access: string) =>
    ({ domain, name: `${method} ${path}`, route: { method, path, access } }) as unknown as (typeof allRoutes)[number];

  it('gives a route of its own to a route of another domain or access kind, and to the routes it would catch', () => {
    const planned = planGatewayRoutes([
      entry('stock', 'GET', '/stock/{id}', 'StockList'),
      entry('stock', 'GET', '/stock/low/shelf', 'StockList'),
      entry('stock', 'PUT', '/stock/{id}', 'StockList'),
      entry('shelf', 'GET', '/stock/{id}/shelf', 'public'),
      entry('shelf', 'GET', '/{shop}/items', 'public'),
    ]);
    expect(planned.map((r) => [r.key, r.domain, r.access])).toEqual([
      ['GET /stock/low/shelf', 'stock', 'jwt'],
      ['GET /stock/{id}/shelf', 'shelf', 'public'],
      ['ANY /stock/{proxy+}', 'stock', 'jwt'],
      ['GET /{shop}/items', 'shelf', 'public'],
    ]);
  });
});
