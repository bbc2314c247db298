import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopAppContext } from '../../infra/stacks/shop.js';
import { PUBLIC_CATALOGUE_QUERY, WebStack } from '../../infra/stacks/web-stack.js';
import { allRoutes } from '../../shared/routes/index.js';

/** CloudFront's cache of the public catalogue (docs/aws.md, "A sale day"), on a web stack alone without a build. */
let dir = '';
let web: Template;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  const app = new App({ outdir: path.join(dir, 'out'), context: shopAppContext });
  const env = { account: '123456789012', region: 'ap-south-1' };
  const assetsBucket = new Bucket(new Stack(app, 'Assets', { env }), 'Assets');
  web = Template.fromStack(new WebStack(app, 'Web', { env, apiDomainName: 'abc.execute-api.ap-south-1.amazonaws.com', assetsBucket, webBuildDir: path.join(dir, 'none') }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const behaviours = () => {
  const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig.CacheBehaviors as { PathPattern: string; CachePolicyId: unknown; OriginRequestPolicyId: unknown; TargetOriginId: string; AllowedMethods: string[] }[];
};
const idOf = (ref: unknown) => (ref as { Ref?: string }).Ref;

describe('the public catalogue at the edge', () => {
  it('has its own cache behaviour for /api/public/*, ahead of the uncached /api/*, on the API origin, for reads only', () => {
    const list = behaviours();
    const publicAt = list.findIndex((b) => b.PathPattern === '/api/public/*');
    const apiAt = list.findIndex((b) => b.PathPattern === '/api/*');
    expect(publicAt).toBeGreaterThanOrEqual(0);
    expect(publicAt).toBeLessThan(apiAt);
    expect(list[publicAt]!.TargetOriginId).toBe(list[apiAt]!.TargetOriginId);
    expect(list[publicAt]!.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    // Every public catalogue route is under it (the API is served at /api).
    for (const e of allRoutes.filter((r) => r.route.cache?.shared)) expect(e.route.path.startsWith('/public/{shop}/')).toBe(true);
  });

  it('keys the cache by the path, which names the shop, and the page asked for; nothing of the viewer', () => {
    const publicBehaviour = behaviours().find((b) => b.PathPattern === '/api/public/*')!;
    const policies = web.findResources('AWS::CloudFront::CachePolicy');
    const policy = policies[idOf(publicBehaviour.CachePolicyId)!]!.Properties.CachePolicyConfig;
    expect(policy).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      ParametersInCacheKeyAndForwardedToOrigin: {
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: PUBLIC_CATALOGUE_QUERY },
        EnableAcceptEncodingGzip: true,
      },
    });
    // The origin's Cache-Control (max-age 30 s, stale-while-revalidate) decides how long, within a bound.
    expect(policy.MaxTTL).toBeLessThanOrEqual(300);
    web.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      }),
    });
    expect(idOf(publicBehaviour.OriginRequestPolicyId)).toBeDefined();
  });
});
