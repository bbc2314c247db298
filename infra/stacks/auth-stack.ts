import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function.js';
import { useTenantAccess } from '../constructs/tenant-table-access.js';

export interface AuthStackProps extends StackProps {
  table: ITable;
  /** The tenant role its functions assume for one shop's data (infra/constructs/tenant-table-access.ts). */
  tenantRole: IRole;
}

/**
 * One user pool for all tenants. Users are created by the API (never by self sign-up), sign in with their e-mail
 * as user name, and carry an immutable `custom:tenantId`; the pre-token trigger adds their roles and features to
 * the ID token, which is the token the API's JWT authorizer accepts.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The pre-token-generation trigger (watched by the alarms). */
  readonly preToken: AppFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'Users', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // The e-mail is the login and the key to the user's record: a user must not be able to change it themselves.
      standardAttributes: { email: { required: true, mutable: false } },
      customAttributes: { tenantId: new StringAttribute({ mutable: false }) },
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      selfSignUpEnabled: false,
      // Resets go through the API's own e-mailed code, so Cognito must not run a second, competing flow.
      accountRecovery: AccountRecovery.NONE,
      // A second factor (an authenticator app's TOTP code) that platform admins, shop owners and ADMINs turn on from
      // their Me menu; the API sends platform admins to set it up before anything else.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('Web', {
      authFlows: { userPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(60),
      accessTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.days(30),
    });

    const preToken = (this.preToken = new AppFunction(this, 'PreToken', {
      entry: 'functions/triggers/pre-token.ts',
      description: 'Cognito pre-token generation: adds role ids and feature names to the ID token',
      environment: { TABLE_NAME: props.table.tableName },
      // Cognito waits at most 5 seconds for a trigger.
      timeout: Duration.seconds(5),
    }));
    useTenantAccess(preToken, props.tenantRole);
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION, preToken);
  }
}
