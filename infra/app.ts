import { App, Tags } from 'aws-cdk-lib';
import { SettingsError } from './settings.js';
import { defineShop, shopAppContext, shopOptionsFromSettings } from './stacks/shop.js';

const app = new App({ context: shopAppContext });
try {
  // The region and e-mail addresses are required settings (infra/settings.ts): a synth without them is refused.
  defineShop(app, shopOptionsFromSettings({ context: (key) => app.node.tryGetContext(key), env: process.env }, process.env.CDK_DEFAULT_ACCOUNT));
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
Tags.of(app).add('project', 'shop-platform');
Tags.of(app).add('managed-by', 'cdk');
