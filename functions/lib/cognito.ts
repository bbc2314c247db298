import type {
  $Command,
  CognitoIdentityProviderClientResolvedConfig,
  ServiceInputTypes,
  ServiceOutputTypes,
} from '@aws-sdk/client-cognito-identity-provider';
import { common, lazy } from './aws.js';
import { config } from './config.js';

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

/**
 * The user pool's client, imported on first use: a cold start loads none of the Cognito SDK, and a function whose
 * requests mostly never reach Cognito (the employee lists of users, the shop directory of tenants) never loads it.
 */
const sdk = /* @__PURE__ */ lazy(() => import('@aws-sdk/client-cognito-identity-provider'));
const client = /* @__PURE__ */ lazy(async () => {
  const { CognitoIdentityProviderClient } = await sdk();
  return new CognitoIdentityProviderClient({ ...common(), endpoint: config.endpoints.cognito() });
});

/** Sends the command made from the SDK module: `cognitoSend((sdk) => new sdk.AdminGetUserCommand({ ... }))`. */
export async function cognitoSend<I extends ServiceInputTypes, O extends ServiceOutputTypes>(
  make: (sdk: CognitoSdk) => $Command<I, O, CognitoIdentityProviderClientResolvedConfig, ServiceInputTypes, ServiceOutputTypes>,
): Promise<O> {
  const [c, module] = await Promise.all([client(), sdk()]);
  return c.send(make(module));
}
