import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one address may make in five minutes across the whole site (pages, assets and API calls). */
export const SITE_RATE_PER_5_MINUTES = 2000;
/** Requests one address may make in five minutes to the sign-in and reset-code paths. */
export const SIGN_IN_RATE_PER_5_MINUTES = 100;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * AWS WAF in front of CloudFront (on unless `-c waf=false`; a web ACL costs money while idle, see docs/aws.md).
 * CloudFront web ACLs live in us-east-1 whatever the region of the rest. Rules: the AWS managed common rule set,
 * a per-address rate limit on the whole site and a tighter one on the sign-in paths.
 */
export class EdgeProtectionStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Shop web app and API: common attacks and per-address rates',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('shop-web'),
      rules: [
        {
          name: 'aws-common',
          priority: 0,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Spreadsheet and image uploads are larger than the set's 8 KB body limit; the API caps bodies itself.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('shop-aws-common'),
        },
        {
          name: 'per-address-rate',
          priority: 1,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: SITE_RATE_PER_5_MINUTES, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('shop-per-address-rate'),
        },
        {
          name: 'sign-in-rate',
          priority: 2,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: SIGN_IN_RATE_PER_5_MINUTES,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/token/',
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('shop-sign-in-rate'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
