import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws.js';
import { putNew, tableName } from '../lib/db.js';
import { tenantPk } from '../lib/keys.js';

/**
 * The daily report mail of a shop: one marker item per shop day, created with attribute_not_exists before the
 * mail goes out, so a schedule delivered twice (EventBridge Scheduler delivers at least once) mails once.
 */
const mailedKey = (tenantId: string, day: string) => ({ pk: tenantPk(tenantId, 'REPORT_MAIL'), sk: day });

/** The partition keys the report function may write (IAM `dynamodb:LeadingKeys`): only its mail markers. */

export const reportData = {
  /** Claims the day's mail for a shop; false when it was already sent. */
  async claimDailyMail(tenantId: string, day: string, recipients: string[], at: Date): Promise<boolean> {
    try {
      // Markers expire after 90 days (the table's TTL attribute): they only guard against a repeated delivery.
      await putNew({ ...mailedKey(tenantId, day), entity: 'reportMail', day, recipients, sentOn: at.toISOString(), expiresAt: Math.floor(at.getTime() / 1000) + 90 * 86_400 });
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },
  /** Gives the claim back when the mail could not be sent, so the next run tries again. */
  async releaseDailyMail(tenantId: string, day: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: mailedKey(tenantId, day) }));
  },
};
