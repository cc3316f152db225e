import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../stores/context';

/**
 * Account selector drop-down: the account numbers, then Add Account. A disclosure of buttons rather than a
 * <select>, so moving through the options with the keyboard never switches accounts by itself
 * (WCAG 3.2.2). Switching runs in machines/account-switch.machine.ts.
 */
export const AccountSelector = observer(function AccountSelector() {
  const store = useStores();
  const { accounts } = store;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The list closes on a choice and the chosen button is hidden with it: the focus goes back to the
  // selector's button, where the customer opened the list, rather than falling to the document's body.
  const choose = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const switching = store.switching;

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled: the phone's menu that holds the selector stays open (Header.tsx).
        e.preventDefault();
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (accounts.unavailable) {
    return (
      <div className="account-selector">
        <span className="account-selector__label">Account Unavailable</span>
      </div>
    );
  }

  const current = accounts.accounts.find((a) => a.pid === accounts.currentPid);
  const label = current?.accountNumber ?? store.profile.accountNumber ?? 'Accounts';
  return (
    <div className="account-selector" ref={wrapper}>
      <button
        ref={toggle}
        type="button"
        className="account-selector__toggle"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-busy={switching}
        onClick={() => setOpen((o) => !o)}
        title={label}
      >
        <span className="visually-hidden">Account: </span>
        <span className="truncate">{label}</span>
      </button>
      <ul id="account-menu" className="account-selector__menu" hidden={!open} aria-label="Your accounts">
        {accounts.accounts.map((a, i) => (
          <li key={`${i}:${a.pid}`}>
            <button
              type="button"
              aria-current={a.pid === accounts.currentPid ? 'true' : undefined}
              disabled={switching}
              onClick={() => {
                choose();
                store.switchAccount({
                  type: 'ACCOUNT.SELECT',
                  pid: a.pid,
                  loginName: store.session.profileId,
                });
              }}
            >
              {a.accountNumber}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => {
              choose();
              store.switchAccount({ type: 'ACCOUNT.ADD' });
            }}
          >
            Add Account
          </button>
        </li>
      </ul>
    </div>
  );
});
