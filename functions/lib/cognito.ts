import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { common, lazy } from './aws.js';
import { config } from './config.js';

/**
 * The user pool's client, in a module of its own: a function bundles and loads it only when its code at start
 * manages sign-ins (auth, users); the customer function imports the user service, and with it this client, with
 * the first sign-up or removal of a customer's sign-in.
 */
export const cognito = /* @__PURE__ */ lazy(() => new CognitoIdentityProviderClient({ ...common(), endpoint: config.endpoints.cognito() }));
