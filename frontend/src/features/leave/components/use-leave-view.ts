import { useState } from 'react';
import type { LeaveView } from '../api/leaves.js';

const VIEW_KEY = 'shopdesk.leaveView';

function storedView(): LeaveView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE';
  } catch {
    return 'EMPLOYEE';
  }
}

/**
 * The leave list's EMPLOYEE/MANAGER view, remembered between visits (spec 3 section 4; default EMPLOYEE). A user
 * who is not a manager always has the EMPLOYEE view, whatever an earlier user of the browser left stored.
 */
export function useLeaveView(manager: boolean): [LeaveView, (view: LeaveView) => void] {
  const [view, setView] = useState<LeaveView>(storedView);
  const choose = (next: LeaveView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private browsing without storage: the choice lasts for this visit only.
    }
  };
  return [manager ? view : 'EMPLOYEE', choose];
}
