import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { useFocusHome } from '../../ui/focus';
import { CONTACT_TEXT as T } from './texts';

/** Spec 2.8: both email alerts lead to /settings/notifications?focusEmailid=true. */
const EMAIL_SETTINGS = '/settings/notifications?focusEmailid=true';

export function NoEmailAlert() {
  return (
    <Alert tone="warning" heading={T.noEmailHeading}>
      <p>Add an email address so we can reach you about your account.</p>
      <Link to={EMAIL_SETTINGS}>Add email address</Link>
    </Alert>
  );
}

/** 'Do we have your correct email address?' is dismissed in this browser for this account (the emailvalidshow flag). */
export const InvalidEmailAlert = observer(function InvalidEmailAlert() {
  const store = useStores();
  const focusHome = useFocusHome();
  return (
    <Alert
      tone="warning"
      heading={T.invalidEmailHeading}
      onClose={() => {
        store.dismissEmailValidAlert();
        focusHome();
      }}
      closeLabel="Dismiss email address alert"
    >
      <p>{store.profile.data?.emailAddress ?? ''}</p>
      <Link to={EMAIL_SETTINGS}>Update email address</Link>
    </Alert>
  );
});
