import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Where a form sends the user after a save, with a line saying what was saved. */
export interface NoticeState {
  notice?: string;
}

/** The form's 'saved' line on the list it returned to; closing it forgets it, so a reload does not show it again. */
export function SavedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as NoticeState | null)?.notice;
  if (!notice) return null;
  const close = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" withCloseButton closeButtonLabel="Dismiss" onClose={close}>
      {notice}
    </Alert>
  );
}
