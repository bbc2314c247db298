import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, demoTenant } from './seed.js';
import { defaultPorts, startLocalStack, type Ports } from './stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(root, 'frontend', 'dist');

const portFromEnv = (name: string, fallback: number) => {
  const value = process.env[name];
  return value ? Number(value) : fallback;
};

async function main() {
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    console.error('The web app is not built (frontend/dist is missing). Run "npm run build", or use "npm start", which builds it.');
    process.exit(1);
  }
  const ports: Ports = {
    gateway: portFromEnv('WEB_PORT', defaultPorts.gateway),
    dynamodb: portFromEnv('DYNAMODB_PORT', defaultPorts.dynamodb),
    cognito: portFromEnv('COGNITO_PORT', defaultPorts.cognito),
    s3: portFromEnv('S3_PORT', defaultPorts.s3),
    ses: portFromEnv('SES_PORT', defaultPorts.ses),
    whatsapp: portFromEnv('WHATSAPP_PORT', defaultPorts.whatsapp),
    razorpay: portFromEnv('RAZORPAY_PORT', defaultPorts.razorpay),
  };
  console.log('Starting the local stack (DynamoDB, Cognito, S3, SES emulators, the WhatsApp and Razorpay simulators and the gateway)...');
  const stack = await startLocalStack({
    dataDir: path.join(root, '.local'),
    ports,
    webRoot,
    seed: true,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    scheduledReports: true,
  });
  console.log(stack.seeded ? 'Seeded the demo shop.' : 'Using the data kept in .local/ (delete the folder to start afresh).');
  console.log(`\n  Shop platform: ${stack.url}`);
  console.log(`  Sent e-mail:   ${stack.sesUrl}`);
  console.log(`  WhatsApp sent: ${stack.whatsappUrl}/messages`);
  console.log(`  Razorpay sim:  ${stack.razorpayUrl}/sim/state`);
  console.log(`\n  Demo logins (password ${DEMO_PASSWORD}):`);
  for (const u of demoTenant.users) console.log(`    ${u.role.padEnd(15)} ${u.userName}`);
  console.log('\nPress Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});
