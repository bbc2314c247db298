import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo, sdkLogger, ses } from '../../functions/lib/aws.js';
import { s3 } from '../../functions/lib/s3.js';

Object.assign(process.env, { TABLE_NAME: 'table', ASSETS_BUCKET: 'assets', LOCAL_AWS: '1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the AWS SDK's logger", () => {
  it('is the one every client of the product is made with', async () => {
    const loggerOf = (client: unknown) => (client as { config: { logger: unknown } }).config.logger;
    expect(loggerOf(dynamo())).toBe(sdkLogger);
    expect(loggerOf(s3())).toBe(sdkLogger);
    expect(loggerOf(await ses())).toBe(sdkLogger);
  });

  it("writes the SDK's warnings as JSON lines of the function's log and drops its per-call info", () => {
    // The log level as a deployed function has it, whatever a test run set (some run with LOG_LEVEL=silent).
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((line) => lines.push(String(line)) > 0);
    vi.spyOn(process.stdout, 'write').mockImplementation((line) => lines.push(String(line)) > 0);
    sdkLogger.info({ clientName: 'DynamoDBClient', commandName: 'GetItemCommand' });
    sdkLogger.warn('socket usage at capacity=50 and 3 additional requests are enqueued.');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', source: 'aws-sdk', content: ['socket usage at capacity=50 and 3 additional requests are enqueued.'] });
  });
});
