import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

export interface BrowserUploadCorsProps {
  bucket: IBucket;
  /** Origins whose pages may PUT and GET objects with presigned URLs, e.g. `https://d123.cloudfront.net`. */
  allowedOrigins: string[];
}

/**
 * Sets the CORS rule of a bucket owned by another stack. The web origin (the CloudFront domain) exists only after
 * the bucket's stack, which the API needs first, so the rule cannot be part of the bucket's own definition without
 * a dependency cycle. That bucket must therefore declare no CORS itself, or each deployment would undo the other.
 */
export class BrowserUploadCors extends Construct {
  constructor(scope: Construct, id: string, props: BrowserUploadCorsProps) {
    super(scope, id);
    const { bucket } = props;
    const putCors: AwsSdkCall = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: props.allowedOrigins,
              AllowedMethods: ['GET', 'PUT'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${bucket.bucketName}-cors`),
    };
    new AwsCustomResource(this, 'Rule', {
      onCreate: putCors,
      onUpdate: putCors,
      onDelete: { service: 'S3', action: 'deleteBucketCors', parameters: { Bucket: bucket.bucketName } },
      // DeleteBucketCors is authorised by the PutBucketCORS action; IAM has no action of its own for it.
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
  }
}
