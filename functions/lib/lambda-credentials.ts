import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (infra/constructs/app-function.ts). Lambda
 * always hands a function its role's credentials in environment variables, so the default chain's other sources
 * (SSO, profiles, web identity, the metadata service) and the nested STS/SSO clients they pull in never run there;
 * leaving them out makes every bundle about 100 KB smaller and its start faster. Tests and the local stack run the
 * source, with the full chain.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
