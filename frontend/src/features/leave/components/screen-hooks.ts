import { useNavigate } from 'react-router-dom';
import type { FeatureName } from '../../../../../shared/features.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';

/** Whether the signed-in user holds a feature; buttons and links show only with theirs (spec 1 section 6). */
export function useCan(): (feature: FeatureName) => boolean {
  const features = useSession()?.features ?? [];
  return (feature) => features.includes(feature);
}

/**
 * What a failed save does: the server's answer to this user (a message of the form, a refusal, a record changed
 * meanwhile) stays on the screen; anything else goes to the error screen like every failed call (spec 3 section 8).
 */
export function useSaveFailure(show: (message: string) => void): (error: unknown) => void {
  const navigate = useNavigate();
  return (error) => {
    if (isApiError(error, 400, 403, 404, 409)) show(error.message);
    else void navigate('/error', { state: { message: errorText(error) } });
  };
}
