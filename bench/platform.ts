import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../functions/lib/aws.js';
import { userData } from '../functions/users/data.js';
import { DEMO_PASSWORD } from '../infra/local/seed.js';
import { measure, printTable, withStack } from './lib.js';

/**
 * Sign-in and an authenticated read through the local gateway (JWT verification, event building, handler kit),
 * next to the raw emulator round trips they are built on.
 */
export async function platformBenchmark(runs: number) {
  await withStack(async (stack) => {
    const signIn = () =>
      fetch(`${stack.apiUrl}/token/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenantid': 'demo' },
        body: JSON.stringify({ username: 'cashier@demo.shop', password: DEMO_PASSWORD }),
      }).then(async (r) => {
        if (r.status !== 200) throw new Error(`sign-in ${r.status}`);
        return (await r.json()) as { token: string };
      });
    const { token } = await signIn();
    const cognito = new CognitoIdentityProviderClient({
      endpoint: process.env.COGNITO_ENDPOINT,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const user = await userData.byUserName('demo', 'cashier@demo.shop');
    const userKey = userData.toItem('demo', user!);

    const rows = [
      await measure('raw cognito InitiateAuth (incl. trigger)', () =>
        cognito.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: stack.userPool.userPoolClientId,
            AuthParameters: { USERNAME: 'cashier@demo.shop', PASSWORD: DEMO_PASSWORD },
          }),
        ), Math.ceil(runs / 4)),
      await measure('POST /api/token/generate (sign-in)', signIn, Math.ceil(runs / 4)),
      await measure('raw dynamodb GetItem (user record)', () =>
        dynamo().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: userKey.pk, sk: userKey.sk } })), runs),
      await measure('GET /api/appUser/user (authenticated)', async () => {
        const r = await fetch(`${stack.apiUrl}/appUser/user`, { headers: { authorization: `Bearer ${token}` } });
        if (r.status !== 200) throw new Error(`GET ${r.status}`);
        await r.arrayBuffer();
      }, runs),
    ];
    printTable('Platform: sign-in and authenticated read through the local gateway', rows, {
      'POST /api/token/generate (sign-in)': 'raw cognito InitiateAuth (incl. trigger)',
      'GET /api/appUser/user (authenticated)': 'raw dynamodb GetItem (user record)',
    });
  });
}
