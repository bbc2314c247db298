import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AppUser } from '../../shared/schemas/auth.js';
import { cognito } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { created, nextId, putNew, type Actor } from '../lib/db.js';
import { Conflict } from '../lib/errors.js';
import { userData } from './data.js';

export type NewAppUser = Omit<AppUser, 'appUserId' | 'createdBy' | 'createdOn' | 'updatedBy' | 'updatedOn'>;

/**
 * Creates a user: the Cognito identity (user name = e-mail-like login, custom:tenantId) and the user record.
 * With `permanentPassword` the user can sign in at once; otherwise Cognito holds a temporary password the user
 * must change. If the record cannot be written the Cognito user is removed again, so nothing is half-created.
 */
export async function createAppUser(
  tenantId: string,
  input: NewAppUser,
  actor: Actor,
  password: { permanentPassword?: string; temporaryPassword?: string },
): Promise<AppUser> {
  if (await userData.byUserName(tenantId, input.userName)) throw new Conflict('Name Already Exists!!!');
  const appUserId = await nextId(tenantId, 'appUser');
  const user: AppUser = { ...input, appUserId, enabled: true, ...created(actor) };
  const userName = input.userName.toLowerCase();
  try {
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId(),
        Username: userName,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: password.temporaryPassword,
        UserAttributes: [
          { Name: 'email', Value: userName },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:tenantId', Value: tenantId },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') throw new Conflict('Name Already Exists!!!');
    throw error;
  }
  try {
    if (password.permanentPassword) {
      await cognito().send(
        new AdminSetUserPasswordCommand({
          UserPoolId: config.userPoolId(),
          Username: userName,
          Password: password.permanentPassword,
          Permanent: true,
        }),
      );
    }
    await putNew(userData.toItem(tenantId, user));
  } catch (error) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId(), Username: userName }));
    throw error;
  }
  return user;
}
