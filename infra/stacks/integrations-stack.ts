import { CfnOutput, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface IntegrationsStackProps extends StackProps {
  /** The sender address of every e-mail; SES sends only from a verified identity. */
  mailFrom: string;
  /**
   * The first platform admin's address. It gets an SES identity too: while the account's SES is in the sandbox it
   * delivers only to verified addresses, and the admin's invitation must reach them.
   */
  platformAdminEmail?: string;
}

/** Blank JSON fields: the operator fills the real values after the first deploy, and CloudFormation never sees them. */
const placeholder = (...fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, SecretValue.unsafePlainText('')]));

/**
 * What the product needs from outside AWS: the provider credentials (Razorpay, WhatsApp Cloud API) kept in
 * Secrets Manager, and the SES identity the product's e-mails are sent from.
 */
export class IntegrationsStack extends Stack {
  readonly razorpaySecret: Secret;
  readonly whatsappSecret: Secret;
  readonly mailIdentity: EmailIdentity;
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: IntegrationsStackProps) {
    super(scope, id, props);
    this.mailFrom = props.mailFrom;

    this.razorpaySecret = new Secret(this, 'Razorpay', {
      description: 'Razorpay API keys and webhook secret (JSON: keyId, keySecret, webhookSecret)',
      secretObjectValue: placeholder('keyId', 'keySecret', 'webhookSecret'),
    });
    this.whatsappSecret = new Secret(this, 'WhatsApp', {
      description: 'WhatsApp Cloud API access (JSON: token, phoneNumberId)',
      secretObjectValue: placeholder('token', 'phoneNumberId'),
    });
    this.mailIdentity = new EmailIdentity(this, 'MailFrom', { identity: Identity.email(props.mailFrom) });
    if (props.platformAdminEmail && props.platformAdminEmail.toLowerCase() !== props.mailFrom.toLowerCase()) {
      new EmailIdentity(this, 'PlatformAdminAddress', { identity: Identity.email(props.platformAdminEmail) });
    }

    new CfnOutput(this, 'RazorpaySecretArn', { value: this.razorpaySecret.secretArn });
    new CfnOutput(this, 'WhatsAppSecretArn', { value: this.whatsappSecret.secretArn });
  }
}
