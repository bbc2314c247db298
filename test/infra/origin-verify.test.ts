import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { defineShop, shopAppContext } from '../../infra/stacks/shop.js';

/** The whole product synthesized without bundling the functions (what is checked here is the wiring). */
function synth() {
  const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [] } });
  return defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com', waf: false });
}

describe('only through CloudFront', () => {
  const stacks = synth();
  const api = Template.fromStack(stacks.api);
  const web = Template.fromStack(stacks.web);
  const secretId = stacks.api.getLogicalId(stacks.api.originVerify.node.defaultChild as never);

  it('generates an origin secret that no template holds in clear', () => {
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
    expect(JSON.stringify(api.toJSON()) + JSON.stringify(web.toJSON())).not.toMatch(/"X-Origin-Verify","HeaderValue":"[A-Za-z0-9]{48}"/);
  });

  it('has CloudFront send it to the API with every request', () => {
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = distribution.Properties.DistributionConfig.Origins as { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    const apiOrigin = origins.find((o) => JSON.stringify(o.DomainName).includes('execute-api'))!;
    expect(apiOrigin.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual(['X-Origin-Verify']);
    const value = JSON.stringify(apiOrigin.OriginCustomHeaders![0]!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
  });

  it('gives every domain function the same secret, as a reference resolved at deploy', () => {
    const functions = Object.values(api.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(functions.length).toBeGreaterThan(20);
    for (const fn of functions) {
      const value = JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(secretId);
    }
  });
});
