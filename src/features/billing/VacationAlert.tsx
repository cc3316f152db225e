import { Alert } from '../../ui/Alert';
import { BILLING_HOME_TEXT as T } from './home-texts';
import { VacationRestore } from './VacationNotice';

/** Home section 3, the vacation alert: 'Your account is on vacation service', restore or chat. */
export function VacationAlert() {
  return (
    <Alert tone="warning" heading={T.vacation}>
      <p>Your services are paused while you are away.</p>
      <VacationRestore />
    </Alert>
  );
}
