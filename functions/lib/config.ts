/**
 * Where the functions find their AWS resources. The same code runs in AWS (variables set by CDK) and locally
 * (variables set by the local stack, pointing the SDK at the emulators). Read at call time so tests can set them.
 */
const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
};
const optional = (name: string): string | undefined => process.env[name] || undefined;

export const config = {
  region: () => env('AWS_REGION', 'ap-south-1'),
  tableName: () => env('TABLE_NAME'),
  userPoolId: () => env('USER_POOL_ID'),
  userPoolClientId: () => env('USER_POOL_CLIENT_ID'),
  assetsBucket: () => env('ASSETS_BUCKET'),
  mailFrom: () => env('MAIL_FROM', 'no-reply@shop.local'),
  /**
   * The platform's own tenant: it sells nothing, and its ADMINs manage every shop (docs/people.md). The deploy and
   * the local seed create it.
   */
  platformTenant: () => env('PLATFORM_TENANT', 'platform'),
  /**
   * The web app's origin (`https://shop.example.in`), for the absolute addresses of a shared product link's preview;
   * without it the request's own host is used (the local gateway's).
   */
  siteOrigin: () => optional('SITE_ORIGIN'),
  /** Who is made the first platform admin when the platform tenant is created (the deploy's context value). */
  platformAdminEmail: () => optional('PLATFORM_ADMIN_EMAIL'),
  /**
   * Whether Cognito can end every session of a user (AdminUserGlobalSignOut). AWS can; cognito-local cannot, and
   * the local stack says so; the session stamp on the user record refuses the old tokens either way.
   */
  cognitoGlobalSignOut: () => optional('COGNITO_WITHOUT_GLOBAL_SIGN_OUT') === undefined,
  /**
   * The role a request's data access assumes with the session tag `tenant=<id>` (AWS only; the local stack has no
   * IAM and checks the same fence in the data layer's clients).
   */
  tenantAccessRoleArn: () => optional('TENANT_ACCESS_ROLE_ARN'),
  endpoints: {
    dynamodb: () => optional('DYNAMODB_ENDPOINT'),
    cognito: () => optional('COGNITO_ENDPOINT'),
    s3: () => optional('S3_ENDPOINT'),
    ses: () => optional('SES_ENDPOINT'),
  },
  /** Local emulators accept any credentials; AWS uses the function's role. */
  localCredentials: () =>
    optional('LOCAL_AWS') ? { accessKeyId: env('AWS_ACCESS_KEY_ID', 'local'), secretAccessKey: env('AWS_SECRET_ACCESS_KEY', 'local') } : undefined,
  logLevel: () => env('LOG_LEVEL', 'info'),
  /** The key page cursors are signed with: locally from the environment, in AWS from the secret the ARN names. */
  cursorSecret: () => env('CURSOR_SECRET'),
  cursorSecretArn: () => optional('CURSOR_SECRET_ARN'),
  /**
   * Multiplies the per-client-address limits (sign-in, reset codes, sign-up). 1 in AWS; the test stacks raise it
   * because every test there comes from 127.0.0.1. Per-user-name limits are never scaled.
   */
  /** A shop's fair share of the API: signed-in requests per second (functions/lib/shop-share.ts). */
  shopRequestsPerSecond: () => Math.max(1, Number(env('SHOP_REQUESTS_PER_SECOND', '40')) || 40),
  /** One shopper's share of their shop's storefront: signed-in requests per second (functions/lib/shop-share.ts). */
  customerRequestsPerSecond: () => Math.max(1, Number(env('CUSTOMER_REQUESTS_PER_SECOND', '20')) || 20),
  /**
   * Every shop's storefront ceiling, in place of each shop's plan figure: set only by the test and benchmark stacks,
   * which lift the limits. Unset (0) in AWS, where the shop's plan decides.
   */
  storefrontRequestsPerSecond: () => Math.max(0, Number(env('STOREFRONT_REQUESTS_PER_SECOND', '0')) || 0),
  clientLimitFactor: () => Math.max(1, Number(env('CLIENT_LIMIT_FACTOR', '1')) || 1),
  /**
   * Where the caller's address is read: API Gateway's source address, or (behind CloudFront, set by CDK) the
   * viewer address CloudFront adds, since API Gateway then sees CloudFront's own address.
   */
  viewerAddressHeader: () => optional('VIEWER_ADDRESS_HEADER'),
  /**
   * The value CloudFront sends the API in `X-Origin-Verify` (a generated secret, docs/aws.md): a request without it
   * came to the execute-api address past CloudFront and its web ACL, and is refused. Unset locally, where the
   * gateway is the only way in.
   */
  originVerify: () => optional('ORIGIN_VERIFY'),
  /**
   * WhatsApp Cloud API (Graph API). Locally the simulator's URL, token and phone number id come from the
   * environment; in AWS the token and phone number id come from the secret WHATSAPP_SECRET_ARN names.
   */
  whatsapp: {
    apiUrl: () => env('WHATSAPP_API_URL', 'https://graph.facebook.com'),
    apiVersion: () => env('WHATSAPP_API_VERSION', 'v21.0'),
    token: () => optional('WHATSAPP_TOKEN'),
    phoneNumberId: () => optional('WHATSAPP_PHONE_NUMBER_ID'),
    secretArn: () => optional('WHATSAPP_SECRET_ARN'),
  },
  /**
   * Razorpay. In AWS the keys come from the secret RAZORPAY_SECRET_ARN names (JSON keyId, keySecret,
   * webhookSecret) and the SDK talks to api.razorpay.com; locally the simulator's URL and test keys come from the
   * environment. The checkout script URL is what the browser loads.
   */
  razorpay: {
    apiUrl: () => optional('RAZORPAY_API_URL'),
    checkoutUrl: () => env('RAZORPAY_CHECKOUT_URL', 'https://checkout.razorpay.com/v1/checkout.js'),
    keyId: () => optional('RAZORPAY_KEY_ID'),
    keySecret: () => optional('RAZORPAY_KEY_SECRET'),
    webhookSecret: () => optional('RAZORPAY_WEBHOOK_SECRET'),
    secretArn: () => optional('RAZORPAY_SECRET_ARN'),
  },
  /**
   * Step Functions state machines. In AWS an execution starts through the Step Functions API on the ARN CDK sets;
   * the local stack sets LOCAL_WORKFLOWS and runs the same ASL in-process (infra/local/step-functions.ts).
   */
  workflows: {
    local: () => optional('LOCAL_WORKFLOWS') !== undefined,
    paymentToOrderArn: () => env('PAYMENT_TO_ORDER_ARN'),
  },
};
