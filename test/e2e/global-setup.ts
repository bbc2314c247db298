import { launchStack } from './launch-stack.js';

/** One local stack (fresh data, free ports, the built web app) for the whole run; the returned function stops it. */
export default async function globalSetup() {
  const stack = await launchStack();
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_SES_URL = stack.sesUrl;
  process.env.E2E_WHATSAPP_URL = stack.whatsappUrl;
  return () => stack.stop();
}
