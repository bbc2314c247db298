import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * A private bucket for access logs (S3 server access logs, CloudFront standard logs), kept 90 days. Both services
 * deliver logs with the bucket's log-delivery ACL, so objects belong to their writer.
 */
export function accessLogBucket(scope: Construct, id = 'AccessLogs'): Bucket {
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
    lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(90) }],
  });
}
