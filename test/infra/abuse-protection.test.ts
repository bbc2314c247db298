import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { allRoutes, routeKey } from '../../shared/routes/index.js';
import { selectGatewayRoute } from '../../infra/api-routes.js';
import { gatewayRoutes, publicRouteThrottle, stageThrottle } from '../../infra/stacks/api-stack.js';
import { SIGN_IN_RATE_PER_5_MINUTES, SITE_RATE_PER_5_MINUTES } from '../../infra/stacks/edge-protection-stack.js';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';

/** A web ACL rule as the template holds it: untyped JSON. */
type Rule = ReturnType<Template['findResources']>[string];

/** The whole product synthesized without bundling the functions (what is checked here is the wiring, not code). */
function synth(options: { waf?: boolean } = {}) {
  const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [] } });
  return defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com', ...options });
}

describe('API throttling', () => {
  const stacks = synth({ waf: false });
  const stage = Object.values(Template.fromStack(stacks.api).findResources('AWS::ApiGatewayV2::Stage'))[0]!;

  it('limits the whole stage, and every public route but the payment webhook to a smaller share', () => {
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: stageThrottle.rateLimit, ThrottlingBurstLimit: stageThrottle.burstLimit });
    const publicKeys = allRoutes.filter((e) => e.route.access === 'public').map((e) => routeKey(e.route));
    expect(publicKeys).toEqual(expect.arrayContaining(['POST /token/generate', 'POST /token/resetPassword/code', 'PUT /token/resetPassword', 'POST /customer/signUp', 'GET /tenant']));
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    // Each public route's request lands on a throttled gateway route, whose share is one slice per public route it carries.
    for (const { route } of allRoutes.filter((e) => e.route.access === 'public')) {
      const gateway = selectGatewayRoute(gatewayRoutes, route.method, route.path.replace(/\{\w+\}/g, 'x1'))!;
      if (routeKey(route) === 'POST /payment/webhook/razorpay') {
        expect(settings[gateway.key], gateway.key).toBeUndefined();
        continue;
      }
      expect(gateway.routes.every((e) => e.route.access === 'public'), gateway.key).toBe(true);
      expect(settings[gateway.key], gateway.key).toEqual({
        ThrottlingRateLimit: publicRouteThrottle.rateLimit * gateway.routes.length,
        ThrottlingBurstLimit: publicRouteThrottle.burstLimit * gateway.routes.length,
      });
    }
    // Only public gateway routes have settings of their own, and all of them do but the webhook's.
    expect(Object.keys(settings).sort()).toEqual(gatewayRoutes.filter((r) => r.access === 'public').map((r) => r.key).sort());
    expect(publicRouteThrottle.rateLimit).toBeLessThan(stageThrottle.rateLimit);
  });

  it('creates the stage after the routes its settings name', () => {
    expect((stage.DependsOn as string[]).length).toBeGreaterThanOrEqual(gatewayRoutes.length);
  });

  it('tells the functions to read the viewer address CloudFront adds, for per-client limits', () => {
    const functions = Object.values(Template.fromStack(stacks.api).findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.VIEWER_ADDRESS_HEADER).toBe('CloudFront-Viewer-Address');
  });

  it('puts no WAF in front of CloudFront when the deploy opts out (-c waf=false)', () => {
    expect(stacks.waf).toBeUndefined();
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }) });
  });
});

describe('WAF (on unless -c waf=false)', () => {
  const stacks = synth();
  const waf = Template.fromStack(stacks.waf!);

  it('is a CloudFront web ACL in us-east-1 attached to the distribution', () => {
    expect(stacks.waf!.region).toBe('us-east-1');
    waf.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const distribution = Object.values(Template.fromStack(stacks.web).findResources('AWS::CloudFront::Distribution'))[0]!;
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeDefined();
  });

  it('runs the AWS managed common rule set, letting uploads larger than its 8 KB body rule through', () => {
    const rules = Object.values(waf.findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Rule[];
    const common = rules.find((r) => r.Statement.ManagedRuleGroupStatement)!;
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(common.OverrideAction).toEqual({ None: {} });
  });

  it('blocks an address over its rate on the whole site, and sooner on the sign-in paths', () => {
    const rules = Object.values(waf.findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Rule[];
    const rated = rules.filter((r) => r.Statement.RateBasedStatement);
    expect(rated.map((r) => [r.Statement.RateBasedStatement.Limit, r.Action])).toEqual([
      [SITE_RATE_PER_5_MINUTES, { Block: {} }],
      [SIGN_IN_RATE_PER_5_MINUTES, { Block: {} }],
    ]);
    expect(rated[1]!.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement).toMatchObject({ SearchString: '/api/token/', PositionalConstraint: 'STARTS_WITH' });
  });
});
