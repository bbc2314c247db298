import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function.js';
import { useTenantAccess } from '../constructs/tenant-table-access.js';
import { definitionText, workflows } from '../workflows.js';

export interface PaymentsStackProps extends StackProps {
  table: ITable;
  /** The tenant role its functions assume for one shop's data (infra/constructs/tenant-table-access.ts). */
  tenantRole: IRole;
  mailIdentity: IEmailIdentity;
  mailFrom: string;
  razorpaySecret: ISecret;
}

/**
 * The payment-to-order state machine: an EXPRESS workflow (the checkout and the webhook wait for it with
 * StartSyncExecution) whose definition is the ASL file the local stack runs too, with its Task states' Lambda
 * ARN substituted. Its steps run in one function with the same tenant fence on the table as the domain functions,
 * mail sending and read access to the Razorpay secret (to verify and refund payments).
 */
export class PaymentsStack extends Stack {
  readonly steps: AppFunction;
  readonly paymentToOrder: StateMachine;

  constructor(scope: Construct, id: string, props: PaymentsStackProps) {
    super(scope, id, props);
    const spec = workflows.paymentToOrder;

    this.steps = new AppFunction(this, 'PaymentSteps', {
      entry: spec.stepsEntry,
      description: 'Steps of the payment-to-order state machine',
      environment: { TABLE_NAME: props.table.tableName, MAIL_FROM: props.mailFrom, RAZORPAY_SECRET_ARN: props.razorpaySecret.secretArn },
      timeout: Duration.seconds(20),
    });
    useTenantAccess(this.steps, props.tenantRole);
    props.mailIdentity.grantSendEmail(this.steps);
    props.razorpaySecret.grantRead(this.steps);

    const logs = new LogGroup(this, 'PaymentToOrderLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.paymentToOrder = new StateMachine(this, 'PaymentToOrder', {
      stateMachineType: StateMachineType.EXPRESS,
      definitionBody: DefinitionBody.fromString(definitionText('paymentToOrder')),
      definitionSubstitutions: { [spec.stepsArnPlaceholder]: this.steps.functionArn },
      logs: { destination: logs, level: LogLevel.ERROR },
    });
    this.steps.grantInvoke(this.paymentToOrder);
  }
}
