import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { errorText, onApiEvent, successText } from '../lib/api';

/**
 * Turns the global api-error and api-success events into notifications (spec admin-dashboard §8): an error shows
 * the joined messages or exactly 'Oops! Unknown error!', a success the joined messages or 'Success'.
 */
/** The notification's close button needs a name for screen readers (axe button-name). */
const CLOSE = { 'aria-label': 'Close notification' };

export function ApiNotifications() {
  useEffect(() => {
    const offError = onApiEvent('api-error', ({ messages }) => {
      notifications.show({
        color: 'red',
        icon: <IconX size={18} aria-hidden />,
        message: errorText(messages),
        autoClose: 6000,
        closeButtonProps: CLOSE,
      });
    });
    const offSuccess = onApiEvent('api-success', ({ messages }) => {
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} aria-hidden />,
        message: successText(messages),
        autoClose: 3000,
        closeButtonProps: CLOSE,
      });
    });
    return () => {
      offError();
      offSuccess();
    };
  }, []);
  return null;
}
