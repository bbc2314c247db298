import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';

/** SDK clients, created on first use and kept for the life of the Lambda container. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const common = () => ({ region: config.region(), credentials: config.localCredentials() });

export const dynamo = lazy(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ ...common(), endpoint: config.endpoints.dynamodb() }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);

export const cognito = lazy(() => new CognitoIdentityProviderClient({ ...common(), endpoint: config.endpoints.cognito() }));

export const s3 = lazy(
  () => new S3Client({ ...common(), endpoint: config.endpoints.s3(), forcePathStyle: Boolean(config.endpoints.s3()) }),
);

export const ses = lazy(() => new SESv2Client({ ...common(), endpoint: config.endpoints.ses() }));
