import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { accessLogBucket } from '../constructs/access-log-bucket.js';
import { MEDIA_CACHE_CONTROL, PUBLIC_IMAGE_KEY_PATTERN, mediaPath } from '../../shared/assets.js';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { repoRoot } from '../constructs/app-function.js';
import { BrowserUploadCors } from '../constructs/browser-upload-cors.js';
import { contentSecurityPolicy, HSTS_SECONDS, razorpayOrigins } from '../web-security.js';

export interface WebStackProps extends StackProps {
  /** The HTTP API's execute-api host; its stage is named `api`, matching the `/api/*` path. */
  apiDomainName: string;
  /** Headers CloudFront adds to every request it sends the API (the origin secret the functions check). */
  apiOriginHeaders?: Record<string, string>;
  /** Browsers upload to and download from this bucket with presigned URLs. */
  assetsBucket: IBucket;
  /** The React build to upload; defaults to `frontend/dist`. */
  webBuildDir?: string;
  /** The AWS WAF web ACL in front of the distribution (on unless the deploy opts out with `-c waf=false`). */
  webAclArn?: string;
  /** The web address and its ACM certificate (us-east-1); CloudFront's own `*.cloudfront.net` name when absent. */
  domain?: { name: string; certificateArn: string };
}

/**
 * Screen paths of the React app (`/category/12`) have no file behind them; they get the app shell. This runs on
 * the web behaviour only: custom error responses would apply to the API as well and turn its 403/404 answers
 * into a 200 HTML page.
 */
const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * `/media/<key>` is a customer-facing image of the assets bucket (`t/<tenant>/images/<file>`): the prefix is cut so
 * the origin request names the object's key, and any other path is answered 404 here, before it reaches the
 * bucket (whose policy lets CloudFront read images only, as a second fence).
 */
const mediaRewrite = `function handler(event) {
  var request = event.request;
  var key = request.uri.substring(${mediaPath.length + 1});
  if (!new RegExp(${JSON.stringify(PUBLIC_IMAGE_KEY_PATTERN)}).test(key)) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = '/' + key;
  return request;
}`;

/** The query strings that pick a page of the public catalogue (and its search): part of its cache key, nothing else is. */
export const PUBLIC_CATALOGUE_QUERY = ['page', 'size', 'cursor', 'search'];

/** The web app and the API on one origin: CloudFront serves the React build and forwards `/api/*` to the API. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly webBucket: Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // Only a build output lives here, so the bucket may go with the stack.
    this.webBucket = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spa = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(spaRewrite),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve the app shell for screen paths',
    });

    const media = new CloudFrontFunction(this, 'MediaPath', {
      code: FunctionCode.fromInline(mediaRewrite),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve customer-facing images of the assets bucket under /media',
    });
    const mediaHeaders = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'Images are written once under a new key: browsers and CloudFront keep them for a year',
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: MEDIA_CACHE_CONTROL, override: true }] },
      securityHeadersBehavior: { contentTypeOptions: { override: true } },
    });
    // The bucket belongs to the data stack; its policy there grants this distribution's reads (no cycle).
    const assets = Bucket.fromBucketName(this, 'AssetsForMedia', props.assetsBucket.bucketName);
    const originAccessControl = new S3OriginAccessControl(this, 'BucketAccess', { description: 'The web build and customer-facing images' });
    // Every answer, the API's included: the Content-Security-Policy is the web app's main guard against injected
    // script (its token is in localStorage), and a JSON answer framed or sniffed is no better than a page.
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Shop: CSP (own origin, assets bucket, Razorpay checkout), HSTS, nosniff, no framing, referrer policy',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ assets: `https://${props.assetsBucket.bucketRegionalDomainName}`, ...razorpayOrigins }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
    // The shell (index.html, sw.js, the manifest) follows the origin's `no-cache`: a deploy reaches users at once.
    const shellCache = new CachePolicy(this, 'ShellCache', {
      comment: 'Shop: app shell, cached only as long as its Cache-Control says, compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const webOrigin = S3BucketOrigin.withOriginAccessControl(this.webBucket, { originAccessControl });
    const apiOrigin = new HttpOrigin(props.apiDomainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, customHeaders: props.apiOriginHeaders });
    // The public catalogue's cache key: the path (which names the shop) and the page asked for; nothing of the
    // viewer (no cookie, no Authorization), so every visitor of a shop shares its answers.
    const publicCatalogueCache = new CachePolicy(this, 'PublicCatalogueCache', {
      comment: 'Shop: public catalogue, keyed by path (the shop) and page, kept as its Cache-Control says',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(5),
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.allowList(...PUBLIC_CATALOGUE_QUERY),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // What reaches the API on a miss: the cache key only (the API's own Host is set by CloudFront).
    const publicCatalogueRequest = new OriginRequestPolicy(this, 'PublicCatalogueRequest', {
      comment: 'Shop: public catalogue misses carry the path and the page asked for, nothing of the viewer',
      cookieBehavior: OriginRequestCookieBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.none(),
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Shop web app and API',
      defaultRootObject: 'index.html',
      priceClass: PriceClass.PRICE_CLASS_200,
      webAclId: props.webAclArn,
      // Standard access logs (every viewer request), kept 90 days; CloudFront writes them with ACLs.
      enableLogging: true,
      logBucket: accessLogBucket(this),
      logFilePrefix: 'cloudfront/',
      // With the shop's own name, browsers need TLS 1.2 or newer (CloudFront's default name allows TLS 1.0, docs/aws.md).
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: shellCache,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spa, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${mediaPath}/*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(assets, { originAccessControl }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders,
          functionAssociations: [{ function: media, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        // Hashed files never change: cached at the edge for a year (their Cache-Control says immutable), compressed.
        '/assets/*': {
          origin: webOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
        // The public catalogue (/api/public/{shop}/...): one answer for everyone, kept as long as its Cache-Control
        // says (30 s, then served stale while refetched); the shop is in the path, so in the cache key.
        '/api/public/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          compress: true,
          cachePolicy: publicCatalogueCache,
          originRequestPolicy: publicCatalogueRequest,
          responseHeadersPolicy: securityHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          compress: true,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Host must be the API's own, or API Gateway cannot route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    new BrowserUploadCors(this, 'AssetsCors', {
      bucket: props.assetsBucket,
      allowedOrigins: [`https://${props.domain?.name ?? this.distribution.distributionDomainName}`],
    });

    this.deployBuild(props.webBuildDir ?? path.join(repoRoot, 'frontend', 'dist'));

    new CfnOutput(this, 'WebUrl', { value: `https://${props.domain?.name ?? this.distribution.distributionDomainName}` });
    if (props.domain) new CfnOutput(this, 'DnsTarget', { value: this.distribution.distributionDomainName, description: `CNAME or alias of ${props.domain.name}` });
  }

  /**
   * Uploads the React build when it exists at synth time (synth must work without it). Hashed files under
   * `assets/` never change, so browsers keep them; the shell (`index.html` and friends) is revalidated on every
   * load so a deploy reaches users at once. Old hashed files stay for pages still open on the previous release.
   */
  private deployBuild(dist: string): void {
    if (!existsSync(path.join(dist, 'index.html'))) return;
    const hashed = path.join(dist, 'assets');
    const hashedDeployment = existsSync(hashed)
      ? new BucketDeployment(this, 'DeployHashedFiles', {
          sources: [Source.asset(hashed)],
          destinationBucket: this.webBucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
          prune: false,
        })
      : undefined;
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [Source.asset(dist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.webBucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new shell must not be served before the files it references are in place.
    if (hashedDeployment) shell.node.addDependency(hashedDeployment);
  }
}
