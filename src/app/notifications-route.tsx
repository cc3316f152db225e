import { NotificationsPage } from '../features/settings/routes/notifications';
import { PaperlessSettings } from '../features/paperless/PaperlessSettings';

/** /settings/notifications (lazy route module): the notifications page, with the paperless feature's on/off. */
export function Component() {
  return <NotificationsPage paperless={PaperlessSettings} />;
}
