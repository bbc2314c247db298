import type { FeatureName } from '../../../shared/features.js';
import { useSession } from './session.js';

/** Whether the signed-in user holds a feature; buttons and links show only with theirs (spec 1 section 6). */
export function useCan(): (...anyOf: FeatureName[]) => boolean {
  const features = useSession()?.features ?? [];
  return (...anyOf) => anyOf.some((feature) => features.includes(feature));
}
