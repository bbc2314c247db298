import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function.js';
import { grantDirectoryRead, useTenantAccess } from '../constructs/tenant-table-access.js';
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
  /** Runs the flow again for payments that stopped short (functions/payments/sweeper.ts), every 15 minutes. */
  readonly sweeper: AppFunction;

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
      tracingEnabled: true,
    });
    this.steps.grantInvoke(this.paymentToOrder);

    this.sweeper = new AppFunction(this, 'PaymentSweeper', {
      entry: 'functions/payments/sweeper.ts',
      description: 'Completes or refunds payments whose payment-to-order flow stopped short',
      environment: { TABLE_NAME: props.table.tableName, PAYMENT_TO_ORDER_ARN: this.paymentToOrder.stateMachineArn },
      // A round of every shop, each stuck payment's flow run to its end (up to its 120 s).
      timeout: Duration.minutes(10),
    });
    // The round of shops reads the directory on its own role; each shop's marks are read and cleared as that shop.
    grantDirectoryRead(this.sweeper, props.table);
    useTenantAccess(this.sweeper, props.tenantRole);
    this.paymentToOrder.grantStartSyncExecution(this.sweeper);
    new Schedule(this, 'PaymentSweepSchedule', {
      description: 'Payments whose flow stopped short: completed or refunded',
      schedule: ScheduleExpression.rate(Duration.minutes(15)),
      // A missed run is made up by the next; runs never overlap for long (each flow is idempotent anyway).
      target: new LambdaInvoke(this.sweeper, { retryAttempts: 0, maxEventAge: Duration.minutes(15) }),
    });
  }
}
