import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { accessLogBucket } from '../constructs/access-log-bucket.js';
import type { Construct } from 'constructs';
import { assetsLayout, publicImageObjects } from '../../shared/assets.js';
import { tableDefinition } from '../../shared/table.js';
import { TenantAccessRoles } from '../constructs/tenant-table-access.js';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The data that outlives every deployment: the single table and the private assets bucket (images, spreadsheet
 * templates). Both are retained when the stack is deleted. The assets bucket's CORS rule is set by the web stack,
 * because only it knows the web origin.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly assetsBucket: Bucket;
  /** The roles every function assumes, tagged with a tenant, to reach that tenant's items and files. */
  readonly tenantAccess: TenantAccessRoles;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    this.assetsBucket = new Bucket(this, 'Assets', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // A picture or template overwritten or deleted by mistake can be brought back for 30 days.
      versioned: true,
      serverAccessLogsBucket: this.accessLogs(),
      serverAccessLogsPrefix: 'assets/',
      lifecycleRules: [
        {
          id: 'ExpireScratch',
          prefix: `${assetsLayout.scratchPrefix}/`,
          expiration: Duration.days(assetsLayout.scratchDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    this.tenantAccess = new TenantAccessRoles(this, 'TenantAccess', { table: this.table, assetsBucket: this.assetsBucket });

    // The web distribution serves customer-facing images under /media (web stack). CloudFront may read those keys
    // only; templates, uploads and staged files stay reachable through presigned URLs alone. The distribution is
    // named by account rather than id: it is created after this stack, and naming it would be a dependency cycle.
    this.assetsBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsCustomerImages',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.assetsBucket.arnForObjects(publicImageObjects)],
        conditions: { StringLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` } },
      }),
    );
  }

  /** Who read or wrote which object of the assets bucket (S3 server access logs), kept 90 days. */
  private accessLogs(): Bucket {
    return accessLogBucket(this);
  }
}
