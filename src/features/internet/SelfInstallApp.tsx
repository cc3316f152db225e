import { jumpOut } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';
import { INTERNET_TEXT as T } from './texts';

/**
 * Self-install app download (home item 19, home spec §2.11 'app download' jump-out). Shown by
 * rules/home-sections.json for an in-progress self-install order that is not a disconnect.
 */
export function SelfInstallApp() {
  return (
    <section className="panel" aria-labelledby="self-install-app-title">
      <h2 id="self-install-app-title">{T.appHeading}</h2>
      <p>{T.appBody}</p>
      <ExternalLink className="btn" href={jumpOut('appDownload')}>
        {T.appDownload}
      </ExternalLink>
    </section>
  );
}
