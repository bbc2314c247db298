import { formatPaise } from './format.js';
import type { BillProblem } from './schemas/purchase.js';

/**
 * One problem of a held offline bill as the manager's screen and the till's queue state it: what the bill was made
 * with beside what the shop holds now ('Atta 5kg (AT5): 3 asked, 1 in stock'); problems without figures keep the
 * server's message.
 */
export function describeProblem(problem: BillProblem): string {
  const product = problem.productName && problem.artcode ? `${problem.productName} (${problem.artcode})` : (problem.productName ?? problem.artcode ?? '');
  const { asked, now } = problem;
  if (asked === undefined || now === undefined) return problem.message;
  switch (problem.kind) {
    case 'stockShort':
      return `${product}: ${asked} asked, ${now} in stock`;
    case 'priceChanged':
      return `${product}: MRP ${formatPaise(asked)} when sold, ${formatPaise(now)} now`;
    case 'taxChanged':
      return `${product}: GST ${asked / 100}% when sold, ${now / 100}% now`;
    case 'pointsShort':
      return `Credit points: ${asked} redeemed, ${now} held now`;
    default:
      return problem.message;
  }
}
