import type { Stack } from 'aws-cdk-lib';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';

/**
 * The cdk-nag findings (AwsSolutions and Serverless packs) the product accepts, each with its reason. The infra
 * tests run both packs over every stack and fail on any finding not listed here (docs/aws.md).
 */

/** An IAM5 wildcard finding whose text matches `pattern` (cdk-nag's `appliesTo` regex form). */
const wildcard = (pattern: string) => ({ regex: `/^${pattern}$/g` });

/** Findings every stack with Lambda functions shares. */
const everyFunction: NagPackSuppression[] = [
  {
    id: 'AwsSolutions-IAM4',
    reason: 'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch log streams; a hand-written copy would say the same',
    appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason: 'Resource * is only granted for X-Ray trace segments and telemetry (active tracing), which have no resource-level permissions',
    appliesTo: ['Resource::*'],
  },
  {
    id: 'AwsSolutions-IAM5',
    reason: "Queries on the table's secondary indexes: the index names are part of the table's design and all of them carry the tenant in their keys",
    appliesTo: [wildcard('Resource::<Table[A-Z0-9]+\\.Arn>/index/\\*')],
  },
  {
    id: 'AwsSolutions-L1',
    reason: 'Functions run on Node.js 22, a supported Lambda runtime and the one the bundles target; a runtime upgrade is a deliberate change with its own tests',
  },
  {
    id: 'Serverless-LambdaDLQ',
    reason:
      'Functions are invoked synchronously (HTTP API, Step Functions task, CloudFormation custom resource) or by EventBridge Scheduler, whose target carries the retry policy; a function-level DLQ would never receive those events',
  },
  {
    id: 'Serverless-LambdaLatestVersion',
    reason: 'Functions are deployed in place with each stack update; no alias or version is published, so $LATEST is the deployed code',
  },
];

/** Findings on the Lambda functions that aws-cdk-lib itself adds (bucket deployment, custom resource providers). */
const libraryFunctions: NagPackSuppression[] = [
  { id: 'Serverless-LambdaTracing', reason: 'Functions created by aws-cdk-lib for deployment-time custom resources; they do not run on requests' },
  { id: 'Serverless-LambdaDefaultMemorySize', reason: 'Functions created by aws-cdk-lib for deployment-time custom resources, sized by the library' },
];

const secretRotation = {
  id: 'AwsSolutions-SMG4',
  reason: 'The secret holds a value issued by an outside provider (or a signing key for page cursors, or the origin secret CloudFront sends the API, which CloudFormation reads at deploy); it is replaced by hand, there is no rotation Lambda for it',
};

export function suppressNagFindings(stacks: {
  data: Stack;
  auth: Stack;
  integrations: Stack;
  payments: Stack;
  api: Stack;
  web: Stack;
  reports: Stack;
  monitoring: Stack;
  /** False when the deploy opted out of AWS WAF. */
  waf: boolean;
}) {
  NagSuppressions.addStackSuppressions(stacks.data, [
    {
      id: 'AwsSolutions-IAM5',
      reason: "Tenant roles reach only the tenant's own objects: the wildcard sits below the prefix made of the caller's tenant tag (aws:PrincipalTag/tenant)",
      appliesTo: [wildcard('Resource::<Assets[A-Z0-9]+\\.Arn>/(t|tmp)/<aws:PrincipalTag/tenant>/\\*')],
    },
    {
      id: 'AwsSolutions-IAM5',
      reason: "Queries on the table's secondary indexes: the index names are part of the table's design and all of them carry the tenant in their keys",
      appliesTo: [wildcard('Resource::<Table[A-Z0-9]+\\.Arn>/index/\\*')],
    },
  ]);

  NagSuppressions.addStackSuppressions(stacks.auth, [
    ...everyFunction,
    {
      id: 'AwsSolutions-COG1',
      reason: 'The pool asks for 8 characters with upper case, lower case and digits but no symbol; owners, ADMINs and platform admins are protected by their authenticator (TOTP) code',
    },
    {
      id: 'AwsSolutions-COG2',
      reason: 'MFA is optional in the pool; the API itself sends platform admins to set up their authenticator app before any screen, and shop owners and ADMINs turn it on from their Me menu',
    },
    { id: 'AwsSolutions-COG8', reason: "The Plus feature plan (threat protection) is charged per monthly active user; WAF's rate rule (on by default) limits repeated sign-in attempts" },
  ]);

  NagSuppressions.addStackSuppressions(stacks.integrations, [secretRotation]);

  NagSuppressions.addStackSuppressions(stacks.payments, [
    ...everyFunction,
    {
      id: 'AwsSolutions-IAM5',
      reason: "Invoking a function's versions and aliases (ARN suffix :*) is how Step Functions and EventBridge Scheduler grants look; the function itself is named",
      appliesTo: [wildcard('Resource::<Payment(Steps|Sweeper)[A-Z0-9]+\\.Arn>:\\*')],
    },
    {
      id: 'AwsSolutions-SF1',
      reason: "The state machine logs ERROR events (failed states with their input); the steps' own logs carry the request id, and ALL events would log every payment's payload",
    },
  ]);

  NagSuppressions.addStackSuppressions(stacks.api, [
    ...everyFunction,
    ...libraryFunctions,
    secretRotation,
    {
      id: 'AwsSolutions-IAM5',
      reason: "The custom resource provider invokes the platform setup function's versions (ARN suffix :*); the function itself is named",
      appliesTo: [wildcard('Resource::<PlatformSetup[A-Z0-9]+\\.Arn>:\\*')],
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Public routes by design (shared/routes declares them public): sign-in and password reset before there is a token, the public catalogue and shop list, customer sign-up, and the Razorpay webhook, which is checked by its signature',
    },
  ]);

  NagSuppressions.addStackSuppressions(stacks.web, [
    ...everyFunction,
    ...libraryFunctions,
    {
      id: 'AwsSolutions-IAM5',
      reason: 'The bucket deployment (aws-cdk-lib) copies the built web app from the CDK assets bucket into the web bucket; its grants are the library\'s read and write grants on those two buckets',
      appliesTo: [
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        wildcard('Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[0-9]+-[a-z0-9-]+/\\*'),
        wildcard('Resource::<Web[A-Z0-9]+\\.Arn>/\\*'),
      ],
    },
    {
      id: 'AwsSolutions-S1',
      reason: 'The web bucket is read only by CloudFront, whose access logs record every request; the access-log bucket cannot log to itself',
    },
    { id: 'AwsSolutions-CFR1', reason: 'The shops sell to customers wherever they are; no country is blocked' },
    ...(stacks.waf
      ? []
      : [{ id: 'AwsSolutions-CFR2', reason: 'This deploy opted out of AWS WAF with -c waf=false, to save its fixed monthly cost (docs/aws.md)' }]),
    {
      id: 'AwsSolutions-CFR4',
      reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose protocol policy CloudFront fixes; with the domain setting the minimum is TLS 1.2 (2021)',
    },
  ]);

  NagSuppressions.addStackSuppressions(stacks.reports, [
    ...everyFunction,
    {
      id: 'AwsSolutions-IAM5',
      reason: "The daily-reports state machine's grant to invoke the report function's versions (ARN suffix :*); the function itself is named",
      appliesTo: [wildcard('Resource::<DailyReports[A-Z0-9]+\\.Arn>:\\*')],
    },
    {
      id: 'AwsSolutions-SQS3',
      reason: "The queue is the daily reports' dead-letter queue: the state machine sends a shop there when its report's tries are spent",
    },
    {
      id: 'Serverless-SQSRedrivePolicy',
      reason: "The queue is the daily reports' dead-letter queue itself; nothing consumes it but the operator, alarmed when a message arrives",
    },
    {
      id: 'AwsSolutions-SF1',
      reason: "The state machine logs ERROR events (a shop's failed task with its input); the report function's own logs carry every shop's outcome",
    },
  ]);

  NagSuppressions.addStackSuppressions(stacks.monitoring, [
    {
      id: 'Serverless-SNSRedrivePolicy',
      reason: 'An e-mail subscription to the alarms topic; an undelivered alarm e-mail is also visible as the alarm state in the console and the dashboard',
    },
  ]);
}
