import { App, Tags } from 'aws-cdk-lib';
import { defineShop, shopAppContext } from './stacks/shop.js';

const app = new App({ context: shopAppContext });
defineShop(app, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
  mailFrom: app.node.tryGetContext('mailFrom') ?? 'no-reply@example.com',
});
Tags.of(app).add('project', 'shop-platform');
Tags.of(app).add('managed-by', 'cdk');
