import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { afterPaint } from '../../stores/env';
import { LongText } from '../../ui/LongText';
import { wifiCopyText, wifiQrPayload } from './wifi-data';
import { WIFI_TEXT as T } from './wifi-texts';

/** Home spec §9: 'QR code size 120, level H.' */
const QR_SIZE = 120;

/**
 * The 'Share WiFi password' dialog's body (loaded with the dialog, QR library included): the network name,
 * the password hidden until asked, a QR code a phone's camera joins the network with (qrcode.react, size 120,
 * error correction H, decision 016), and Copy, which puts the name and password on the clipboard with the
 * toast 'WiFi info Copied'.
 */
export default function ShareWifiBody({ ssid, password }: { ssid: string; password: string }) {
  const store = useStores();
  const [shown, setShown] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  // The code is drawn once the dialog is on screen: encoding it at level H and painting it cost the tap's own
  // frame (issue 30: INP); its place is kept at its size meanwhile, so nothing moves.
  const [qrDrawn, setQrDrawn] = useState(false);
  useEffect(() => afterPaint(() => setQrDrawn(true)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(wifiCopyText(ssid, password));
      setCopyFailed(false);
      store.ui.showToast(MESSAGES.wifiInfoCopied);
    } catch (e) {
      setCopyFailed(true);
      store.logIssue(
        store.page,
        'copyWifiInfo',
        e instanceof Error ? e.message.slice(0, 100) : 'copy failed',
      );
    }
  };
  return (
    <div className="share-wifi">
      <dl className="definition-list">
        <dt>{T.networkName}</dt>
        <dd>
          <LongText text={ssid} />
        </dd>
        <dt>{T.password}</dt>
        <dd>
          {shown ? (
            <LongText text={password} />
          ) : (
            <>
              <span aria-hidden="true">{T.hiddenPassword}</span>
              <span className="visually-hidden">{T.passwordHidden}</span>
            </>
          )}{' '}
          <button
            type="button"
            className="link-button"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? T.hidePassword : T.showPassword}
          </button>
        </dd>
      </dl>
      <figure className="share-wifi__qr">
        {qrDrawn ? (
          <QRCodeCanvas
            value={wifiQrPayload(ssid, password)}
            size={QR_SIZE}
            level="H"
            marginSize={2}
            role="img"
            aria-label={T.qrLabel(ssid)}
          />
        ) : (
          <div className="share-wifi__qr-place" />
        )}
        <figcaption>{T.qrHint}</figcaption>
      </figure>
      <button type="button" className="btn" onClick={() => void copy()}>
        {T.copy}
      </button>
      {copyFailed ? <p role="alert">{T.copyFailed}</p> : null}
    </div>
  );
}
