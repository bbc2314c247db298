/**
 * The deploy's settings, read from CDK context (`-c name=value`, or the `context` of cdk.json / cdk.context.json)
 * and a few environment variables. A deploy without a required one is refused at synth, naming every missing or
 * wrong setting at once, rather than deploying a site nobody can use (a sender SES can never verify, a first
 * admin whose password goes nowhere, a region the CLI picked by default).
 */
export interface ShopSettings {
  /** The region of every stack but the CloudFront web ACL (which AWS keeps in us-east-1). */
  region: string;
  /** The sender of every e-mail; an SES identity the deploy creates and the operator verifies. */
  mailFrom: string;
  /** Where the first platform admin's temporary password is mailed. */
  platformAdminEmail: string;
  /** Who is subscribed to the alarms topic; the platform admin's address unless set. */
  alarmEmail: string;
  /** The web address (e.g. shop.example.in) with its ACM certificate in us-east-1; CloudFront's own name when unset. */
  domain?: { name: string; certificateArn: string };
  /** AWS WAF in front of CloudFront (on unless `-c waf=false`). */
  waf: boolean;
  /**
   * Any new value mails the first platform admin a new temporary password on the next deploy, as long as they have
   * not signed in yet (e.g. `-c resendAdminInvite=2`).
   */
  resendAdminInvite: string;
}

export interface SettingsSource {
  context: (key: string) => unknown;
  env: Record<string, string | undefined>;
}

/** The setting named, how to give it, and what it must look like: the message of a refused synth. */
export const settingHelp = {
  region: '-c region=ap-south-1 (or AWS_REGION): the region to deploy to; without it the CDK CLI would pick us-east-1',
  mailFrom: '-c mailFrom=bills@your-shop.in: an address you can receive mail at, since SES sends only after its link is clicked',
  platformAdminEmail: '-c platformAdminEmail=you@your-shop.in: the first platform admin\'s temporary password is mailed there',
  alarmEmail: '-c alarmEmail=ops@your-shop.in: alarms are mailed there (defaults to platformAdminEmail)',
  domainName: '-c domainName=shop.your-shop.in together with -c certificateArn=arn:aws:acm:us-east-1:...: the web address and its certificate',
  certificateArn: '-c certificateArn=arn:aws:acm:us-east-1:<account>:certificate/<id>: CloudFront takes certificates from us-east-1 only',
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Reserved for examples (RFC 2606): SES can never verify an address there. */
const unverifiableDomain = /@(?:[^@]*\.)?(?:example\.(?:com|net|org)|[^@]+\.(?:example|invalid|test|localhost))$/i;
const regionPattern = /^[a-z]{2}(?:-gov)?-[a-z]+-\d$/;
const certificatePattern = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;
const hostPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Thrown when a setting is missing or wrong; its message names each one and how to give it. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The deploy needs these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/aws.md, "Deploy".`);
    this.name = 'SettingsError';
  }
}

function text(source: SettingsSource, key: string, ...envNames: string[]): string | undefined {
  const fromContext = source.context(key);
  if (fromContext !== undefined && fromContext !== null && String(fromContext).trim() !== '') return String(fromContext).trim();
  for (const name of envNames) if (source.env[name]?.trim()) return source.env[name]!.trim();
  return undefined;
}

function email(problems: string[], key: keyof typeof settingHelp, value: string | undefined): string {
  if (value === undefined) problems.push(`${key} is missing: ${settingHelp[key]}`);
  else if (!emailPattern.test(value)) problems.push(`${key} "${value}" is not an e-mail address: ${settingHelp[key]}`);
  else if (unverifiableDomain.test(value)) problems.push(`${key} "${value}" is in a domain reserved for examples, which can receive no mail: ${settingHelp[key]}`);
  return value ?? '';
}

/** Reads and checks every setting; throws a SettingsError naming all the missing and wrong ones. */
export function readSettings(source: SettingsSource): ShopSettings {
  const problems: string[] = [];
  const region = text(source, 'region', 'AWS_REGION', 'AWS_DEFAULT_REGION');
  if (region === undefined) problems.push(`region is missing: ${settingHelp.region}`);
  else if (!regionPattern.test(region)) problems.push(`region "${region}" is not an AWS region name: ${settingHelp.region}`);
  const mailFrom = email(problems, 'mailFrom', text(source, 'mailFrom'));
  const platformAdminEmail = email(problems, 'platformAdminEmail', text(source, 'platformAdminEmail'));
  const alarmSetting = text(source, 'alarmEmail');
  const alarmEmail = alarmSetting === undefined ? platformAdminEmail : email(problems, 'alarmEmail', alarmSetting);
  const domainName = text(source, 'domainName');
  const certificateArn = text(source, 'certificateArn');
  if (domainName !== undefined && !hostPattern.test(domainName)) problems.push(`domainName "${domainName}" is not a host name: ${settingHelp.domainName}`);
  if (domainName !== undefined && certificateArn === undefined) problems.push(`certificateArn is missing (domainName is set): ${settingHelp.certificateArn}`);
  if (certificateArn !== undefined && domainName === undefined) problems.push(`domainName is missing (certificateArn is set): ${settingHelp.domainName}`);
  if (certificateArn !== undefined && !certificatePattern.test(certificateArn)) {
    problems.push(`certificateArn "${certificateArn}" is not an ACM certificate of us-east-1: ${settingHelp.certificateArn}`);
  }
  const waf = text(source, 'waf');
  if (waf !== undefined && !['true', 'false'].includes(waf)) problems.push(`waf "${waf}" must be true or false (-c waf=false turns the web ACL off)`);
  if (problems.length) throw new SettingsError(problems);
  return {
    region: region!,
    mailFrom,
    platformAdminEmail,
    alarmEmail,
    domain: domainName && certificateArn ? { name: domainName.toLowerCase(), certificateArn } : undefined,
    waf: waf !== 'false',
    resendAdminInvite: text(source, 'resendAdminInvite') ?? '',
  };
}
