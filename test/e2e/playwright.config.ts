import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the local stack, which global-setup starts on free ports.
 *
 * The stack (gateway, functions and emulators) runs on the same machine as the browsers, so each worker needs about
 * two cores: on the 2-core CI machine one worker, where two drove the load average above 10 and pages slower than the
 * tests' limits. The limits are for a loaded machine; the tests wait for what a user waits for, never for a time.
 * E2E_WORKERS overrides the count. With the load average above 20, the longest flows on the default limit (an inventory
 * upload, a new employee's first sign-in) took 72-78 s: each test has three minutes, longer flows set their own.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results',
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2)),
  fullyParallel: true,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
