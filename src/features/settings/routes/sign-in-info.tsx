import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { ProfileUnavailable } from '../profile';

/** /settings (default child): the sign-in name and email of the profile, and where to reset the password. */
export const Component = observer(function SignInInfo() {
  const store = useStores();
  const p = store.profile.data;
  const identity = p?.profile?.response?.identity;
  // The header check's profile id is the login name too; the profile's identity wins when both are known.
  const login = identity?.login ?? store.session.profileId;
  return (
    <section className="panel" aria-labelledby="sign-in-info-title">
      <h2 id="sign-in-info-title">Sign-In Info</h2>
      {!p ? (
        <ProfileUnavailable />
      ) : (
        <>
          <dl className="definition-list">
            <dt>Username</dt>
            <dd>{login ?? 'Not available'}</dd>
            <dt>Sign-in email</dt>
            <dd>{identity?.emailAddress ?? p.emailAddress ?? 'Not on file'}</dd>
          </dl>
          <p>
            Forgot your password? <Link to="/login/forgotPassword">Reset your password</Link>
          </p>
        </>
      )}
    </section>
  );
});
