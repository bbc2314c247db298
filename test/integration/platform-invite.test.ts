import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/tenants/platform-setup.js';
import { sentMail } from './mail.js';

/**
 * The deploy's custom resource on a platform of its own (PLATFORM_TENANT in this test process only): the first
 * platform admin's temporary password is mailed to PLATFORM_ADMIN_EMAIL when the admin is created, and mailed anew,
 * with a new password, when a deploy carries a new `resendAdminInvite` value, as long as the admin has not signed in.
 */
const platformId = `plat${Date.now().toString(36)}`;
const adminEmail = `owner.${platformId}@myshop.in`;
const saved = { tenant: process.env.PLATFORM_TENANT, email: process.env.PLATFORM_ADMIN_EMAIL };

beforeAll(() => {
  process.env.PLATFORM_TENANT = platformId;
  process.env.PLATFORM_ADMIN_EMAIL = adminEmail;
});
afterAll(() => {
  for (const [name, value] of [['PLATFORM_TENANT', saved.tenant], ['PLATFORM_ADMIN_EMAIL', saved.email]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const base = {
  ServiceToken: 'arn:aws:lambda:ap-south-1:123456789012:function:ShopApi-PlatformSetupProvider',
  ResponseURL: 'https://example.invalid/response',
  StackId: 'arn:aws:cloudformation:ap-south-1:123456789012:stack/ShopApi/00000000-0000-0000-0000-000000000000',
  RequestId: '00000000-0000-0000-0000-000000000001',
  LogicalResourceId: 'PlatformTenant',
  ResourceType: 'AWS::CloudFormation::CustomResource',
};
const create = (resendAdminInvite = ''): CloudFormationCustomResourceEvent => ({
  ...base,
  RequestType: 'Create',
  ResourceProperties: { ServiceToken: base.ServiceToken, resendAdminInvite },
});
const update = (resendAdminInvite: string, before: string): CloudFormationCustomResourceEvent => ({
  ...base,
  RequestType: 'Update',
  PhysicalResourceId: `platform-tenant-${platformId}`,
  ResourceProperties: { ServiceToken: base.ServiceToken, resendAdminInvite },
  OldResourceProperties: { ServiceToken: base.ServiceToken, resendAdminInvite: before },
});

const invitations = async () => (await sentMail()).filter((m) => m.to.includes(adminEmail));
const passwordOf = (text: string) => /Temporary password: (\S+)/.exec(text)?.[1];

describe("the first platform admin's invitation", () => {
  it('is mailed when the admin is made, and again with a new password on a new resendAdminInvite value only', async () => {
    expect(await handler(create())).toEqual({ PhysicalResourceId: `platform-tenant-${platformId}` });
    const first = await invitations();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(`User name: admin@${platformId}.shop`);

    // An ordinary deploy (the same value, or none) mails nothing.
    await handler(update('', ''));
    expect(await invitations()).toHaveLength(1);

    await handler(update('1', ''));
    const second = await invitations();
    expect(second).toHaveLength(2);
    expect(passwordOf(second[1]!.text)).toBeDefined();
    expect(passwordOf(second[1]!.text)).not.toBe(passwordOf(second[0]!.text));

    await handler(update('1', '1'));
    expect(await invitations()).toHaveLength(2);
  });
});
