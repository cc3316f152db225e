import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { LongText } from '../../ui/LongText';

/** The accounts already on the profile (the account list, 'posts'). */
export const LinkedAccounts = observer(function LinkedAccounts() {
  const store = useStores();
  const { status, accounts } = store.accounts;
  if (status === 'idle' || status === 'loading')
    return <p role="status">Loading the accounts on your profile…</p>;
  if (status === 'failure')
    return <p role="alert">We are unable to list the accounts on your profile right now.</p>;
  if (accounts.length === 0) return <p>There is no account linked to your profile yet.</p>;
  return (
    <table className="history-table">
      <caption>Accounts on your profile</caption>
      <thead>
        <tr>
          <th scope="col">Account number</th>
          <th scope="col">Currently viewing</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a, i) => (
          <tr key={`${i}:${a.pid}`}>
            <td>
              <LongText text={a.accountNumber} />
            </td>
            <td>{a.pid === store.accounts.currentPid ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
