import { App, Aspects, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { defineShop, shopAppContext, shopOptionsFromSettings } from '../../infra/stacks/shop.js';

const required = { region: 'ap-south-1', mailFrom: 'bills@myshop.in', platformAdminEmail: 'owner@myshop.in' };

/** The errors and warnings cdk-nag's AwsSolutions and Serverless packs leave on a synthesized app, one line each. */
function nagFindings(app: App): string[] {
  Aspects.of(app).add(new AwsSolutionsChecks());
  Aspects.of(app).add(new ServerlessChecks());
  app.synth();
  return app.node.findAll().flatMap((construct: IConstruct) =>
    construct.node.metadata
      .filter((entry) => entry.type === 'aws:cdk:error' || entry.type === 'aws:cdk:warning')
      .map((entry) => `${construct.node.path}: ${String(entry.data).split('\n')[0]}`)
      // Only the packs' findings: aws-cdk-lib's own warnings are not rules that can be acknowledged.
      .filter((line) => /: (AwsSolutions|Serverless)-/.test(line)),
  );
}

/** Every stack of the product as `infra/app.ts` builds it from these settings, without bundling the functions. */
function productFindings(context: Record<string, string>): string[] {
  const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [], ...context } });
  defineShop(app, shopOptionsFromSettings({ context: (key) => app.node.tryGetContext(key), env: {} }, '123456789012'));
  return nagFindings(app);
}

describe('cdk-nag AwsSolutions and Serverless packs', () => {
  it('find nothing unacknowledged in any stack, with WAF on (the default)', () => {
    expect(productFindings(required)).toEqual([]);
  });

  it('find nothing unacknowledged with WAF off and with a custom domain', () => {
    expect(
      productFindings({
        ...required,
        waf: 'false',
        domainName: 'shop.myshop.in',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      }),
    ).toEqual([]);
  });

  it('do report a finding nobody acknowledged (the check is live)', () => {
    const app = new App();
    new Bucket(new Stack(app, 'Unreviewed'), 'Bucket');
    expect(nagFindings(app).join('\n')).toMatch(/AwsSolutions-S1/);
  });
});
