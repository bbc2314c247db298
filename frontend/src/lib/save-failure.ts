import { useNavigate } from 'react-router-dom';
import { isApiError } from './api-client.js';
import { errorText } from './query-client.js';

/**
 * What a failed save does: the server's answer to this user (a message of the form, a refusal, a record changed
 * meanwhile) stays on the screen; anything else goes to the error screen like every failed call (spec 2 section 8).
 */
export function useSaveFailure(show: (message: string) => void): (error: unknown) => void {
  const navigate = useNavigate();
  return (error) => {
    if (isApiError(error, 400, 403, 404, 409, 413)) show(error.message);
    else void navigate('/error', { state: { message: errorText(error) } });
  };
}
