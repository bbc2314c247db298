import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a form passes to the list it returns to after a save. */
export interface SavedNoticeState {
  notice?: string;
}

/** The 'saved' line a form leaves on the list it returned to; closing it forgets it, so a reload does not repeat it. */
export function SavedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as SavedNoticeState | null)?.notice;
  if (!notice) return null;
  const close = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" withCloseButton closeButtonLabel="Dismiss" onClose={close}>
      {notice}
    </Alert>
  );
}
