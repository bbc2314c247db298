import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { featureCatalogue } from '../../shared/features.js';
import { defaultRoles, platformRoles } from '../../shared/roles.js';
import { readSettings, SettingsError } from '../../infra/settings.js';
import { defineShop, shopAppContext, shopOptionsFromSettings } from '../../infra/stacks/shop.js';
import { upgradeFingerprint } from '../../infra/upgrade-fingerprint.js';
import { ACCOUNT_UNPAID_STEP } from '../../shared/credit.js';
import { UNCOUNTED_UPI_STEP } from '../../shared/upi.js';
import { DATA_UPGRADE_STEPS } from '../../shared/words.js';

const required = { region: 'ap-south-1', mailFrom: 'bills@myshop.in', platformAdminEmail: 'owner@myshop.in' };

/** The product as `infra/app.ts` builds it from these settings, without bundling the functions. */
function synth(context: Record<string, string>, env: Record<string, string> = {}) {
  const app = new App({ context: { ...shopAppContext, 'aws:cdk:bundling-stacks': [], ...context } });
  return defineShop(app, shopOptionsFromSettings({ context: (key) => app.node.tryGetContext(key), env }, '123456789012'));
}

function refusal(context: Record<string, string>, env: Record<string, string> = {}): string {
  try {
    readSettings({ context: (key) => context[key], env });
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
}

describe('deploy settings', () => {
  it('refuses a synth without settings, naming each required one', () => {
    const message = refusal({});
    for (const name of ['region', 'mailFrom', 'platformAdminEmail']) expect(message).toContain(`${name} is missing`);
    expect(() => synth({})).toThrow(SettingsError);
  });

  it.each(Object.keys(required))('refuses a synth without %s alone', (name) => {
    const context: Record<string, string> = { ...required };
    delete context[name];
    const message = refusal(context);
    expect(message).toContain(`${name} is missing`);
    expect(message.match(/is missing/g)).toHaveLength(1);
    expect(() => synth(context)).toThrow(`${name} is missing`);
  });

  it('takes the region from AWS_REGION when not given as context', () => {
    const { region: _, ...rest } = required;
    expect(synth(rest, { AWS_REGION: 'eu-west-1' }).api.region).toBe('eu-west-1');
  });

  it('refuses addresses SES can never verify and malformed values', () => {
    expect(refusal({ ...required, mailFrom: 'no-reply@example.com' })).toContain('mailFrom "no-reply@example.com" is in a domain reserved for examples');
    expect(refusal({ ...required, platformAdminEmail: 'admin' })).toContain('platformAdminEmail "admin" is not an e-mail address');
    expect(refusal({ ...required, region: 'mumbai' })).toContain('region "mumbai" is not an AWS region name');
    expect(refusal({ ...required, waf: 'maybe' })).toContain('waf "maybe" must be true or false');
  });

  it('wants a domain and its us-east-1 certificate together', () => {
    expect(refusal({ ...required, domainName: 'shop.myshop.in' })).toContain('certificateArn is missing (domainName is set)');
    expect(refusal({ ...required, certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' })).toContain('domainName is missing');
    expect(refusal({ ...required, domainName: 'shop.myshop.in', certificateArn: 'arn:aws:acm:ap-south-1:123456789012:certificate/abc' })).toContain(
      'is not an ACM certificate of us-east-1',
    );
  });

  it('deploys every stack but the web ACL to the region named, with the addresses named', () => {
    const stacks = synth(required);
    for (const stack of [stacks.data, stacks.auth, stacks.integrations, stacks.payments, stacks.api, stacks.web, stacks.reports]) expect(stack.region).toBe('ap-south-1');
    expect(stacks.waf!.region).toBe('us-east-1');
    const integrations = Template.fromStack(stacks.integrations);
    integrations.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'bills@myshop.in' });
    // In the SES sandbox mail reaches only verified addresses: the first admin's gets an identity too.
    integrations.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'owner@myshop.in' });
    const setup = Template.fromStack(stacks.api).findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { PLATFORM_ADMIN_EMAIL: 'owner@myshop.in' } } },
    });
    expect(Object.keys(setup)).toHaveLength(1);
  });

  it('serves the web app on CloudFront\'s own name without a domain, and on the domain with TLS 1.2 with one', () => {
    const plain = Template.fromStack(synth(required).web).findResources('AWS::CloudFront::Distribution');
    expect(Object.values(plain)[0]!.Properties.DistributionConfig.Aliases).toBeUndefined();
    const withDomain = synth({ ...required, domainName: 'shop.myshop.in', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-1' });
    Template.fromStack(withDomain.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['shop.myshop.in'],
        ViewerCertificate: { AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-1', MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });

  it('puts WAF in front of CloudFront unless the deploy opts out', () => {
    expect(synth(required).waf).toBeDefined();
    expect(synth({ ...required, waf: 'false' }).waf).toBeUndefined();
  });
});

describe('shop upgrade on every deploy', () => {
  const platformTenant = (context: Record<string, string> = {}) => {
    const resources = Template.fromStack(synth({ ...required, ...context }).api).findResources('AWS::CloudFormation::CustomResource');
    expect(Object.keys(resources)).toHaveLength(1);
    return Object.values(resources)[0]!.Properties;
  };

  it("carries the fingerprint of what the upgrade brings and of the setup's code, so a change re-runs it", () => {
    const properties = platformTenant();
    expect(properties.upgrade).toBe(upgradeFingerprint());
    expect(properties.setupCode).toMatch(/\.zip$/);
    expect(properties.adminEmail).toBe('owner@myshop.in');
  });

  it('changes its fingerprint when a feature or a built-in role changes', () => {
    const today = { featureCatalogue, defaultRoles, platformRoles };
    const withFeature = { ...today, featureCatalogue: { ...featureCatalogue, IMS: [...featureCatalogue.IMS, 'StockTake'] } };
    const roleChanged = { ...today, defaultRoles: defaultRoles.map((role, i) => (i === 0 ? { ...role, features: role.features.slice(1) } : role)) };
    expect(upgradeFingerprint(today)).toBe(upgradeFingerprint());
    expect(new Set([upgradeFingerprint(today), upgradeFingerprint(withFeature), upgradeFingerprint(roleChanged)]).size).toBe(3);
  });

  it('changes its fingerprint with each one-time data step, so a deploy that adds one runs it in every shop', () => {
    const today = { featureCatalogue, defaultRoles, platformRoles };
    expect(upgradeFingerprint(today, [...DATA_UPGRADE_STEPS, ACCOUNT_UNPAID_STEP, UNCOUNTED_UPI_STEP])).toBe(upgradeFingerprint());
    expect(upgradeFingerprint(today, [...DATA_UPGRADE_STEPS, ACCOUNT_UNPAID_STEP])).not.toBe(upgradeFingerprint());
  });

  it('asks for a resend of the first admin\'s invitation with a new resendAdminInvite value', () => {
    expect(platformTenant().resendAdminInvite).toBe('');
    expect(platformTenant({ resendAdminInvite: '2' }).resendAdminInvite).toBe('2');
  });
});
