import { DEMO_PASSWORD } from '../../infra/local/seed.js';
import { tenantIdFromUserName } from '../../shared/tenant.js';
import { totpCode } from './totp.js';

/**
 * Turns two-step sign-in on for a user without it, through the API as the set-up screen does (sign in, set up,
 * confirm with the app's first code), and answers the authenticator secret.
 */
export async function turnOnTwoStep(api: string, userName: string, password = DEMO_PASSWORD): Promise<string> {
  const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenantid': tenantIdFromUserName(userName) ?? '', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (response.status !== 200) throw new Error(`${path} for ${userName}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const { token, refreshToken } = await post<{ token: string; refreshToken: string }>('/token/generate', { username: userName, password });
  const { secret } = await post<{ secret: string }>('/token/mfa/setup', { refreshToken }, token);
  await post('/token/mfa/confirm', { refreshToken, code: totpCode(secret) }, token);
  return secret;
}
