import { observer } from 'mobx-react-lite';
import { jumpOutVacationRestoreUrl } from '../../api/calls/jump-out';
import { useStores } from '../../stores/context';
import { accountNumberOf } from '../../stores/flow-effects';
import { BILLING_HOME_TEXT as T } from './home-texts';
import { ChatLink } from '../../ui/chat';

/**
 * 'Vacation: restore button only if canVacationRestore permits; otherwise the user is told to chat.' The button
 * goes to the vacation-restore jump-out with the account number (rules/billing-actions.json 'vacation-restore').
 */
export const VacationRestore = observer(function VacationRestore() {
  const store = useStores();
  const canRestore = store.decisions.current?.billingActions['vacation-restore'] === true;
  if (canRestore) {
    return (
      <a className="btn" href={jumpOutVacationRestoreUrl(accountNumberOf(store))}>
        {T.vacationRestore}
      </a>
    );
  }
  return (
    <p>
      {T.vacationChat} <ChatLink>{T.chatWithUs}</ChatLink>
    </p>
  );
});
