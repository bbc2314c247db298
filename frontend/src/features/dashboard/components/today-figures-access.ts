import type { FeatureName } from '../../../../../shared/features.js';
import type { Access } from '../../../../../shared/routes/define.js';
import { purchaseRoutes } from '../../../../../shared/routes/purchases.js';

const holds = (features: readonly FeatureName[], access: Access) =>
  typeof access === 'string' ? features.includes(access as FeatureName) : access.some((f) => features.includes(f));

/**
 * Whether the dashboard shows the day's money: to those who may read the monthly sales report (the route's own
 * features) and the day's figures it is built from; never to a cashier without them.
 */
export const seesTodayFigures = (features: readonly FeatureName[]) =>
  holds(features, purchaseRoutes.monthly.access) && holds(features, purchaseRoutes.todayTotals.access);
