import { jumpOut } from '../../config';
import { Alert } from '../../ui/Alert';
import { ExternalLink } from '../../ui/ExternalLink';
import { WIFI_TEXT as T } from './wifi-texts';
import { ChatLink } from '../../ui/chat';

/**
 * The modem-migration alert (home item 6; profile flag showModemMigrationAlert, the premium wifi product).
 * Shown by rules/home-sections.json; the spec quotes no copy, so the wording is ours (decision 016).
 */
export function ModemMigrationAlert() {
  return (
    <Alert
      tone="info"
      heading={T.migrationHeading}
      actions={
        <>
          <ExternalLink href={jumpOut('premiumWifiHelp')}>{T.migrationLearnMore}</ExternalLink>
          <ChatLink>{T.migrationChat}</ChatLink>
        </>
      }
    >
      <p>{T.migrationBody}</p>
    </Alert>
  );
}
