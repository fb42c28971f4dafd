import type { LiveEvent } from '@portal/shared';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { endCertificateSession } from '../../../lib/cert-key';
import { appHref, reloadAt } from '../../../lib/app-location';
import { exchangeScanCode, requestScanTicket, scanEventStream } from '../api/scan-login';
import { Notice, Waiting } from './fields';

type ScanState =
  | { step: 'loading' }
  | { step: 'waiting'; qr: string; target: string; matchNumber: string }
  | { step: 'denied' | 'expired' | 'failed' };

/** Codes drawn in a row while the page waits (about five minutes): then it stops until asked again. */
const AUTO_CODES = 5;

const ENDED: Record<'denied' | 'expired' | 'failed', string> = {
  denied: '已在手机上拒绝本次登录',
  expired: '二维码已过期',
  failed: '二维码获取失败',
};

/**
 * Spec §1/§4 scan-code login, the desktop's side: a QR code of a single-use ticket (bound to this
 * browser's device key) with the number the phone must pick to confirm, and the ticket's own
 * anonymous event stream, which tells within moments whether the phone confirmed (with the
 * one-time code) or denied.
 */
export function ScanLogin() {
  const navigate = useNavigate();
  const [state, setState] = useState<ScanState>({ step: 'loading' });
  // `round` counts every code drawn; `first` is the round that started this run of automatic codes.
  const [round, setRound] = useState(0);
  const [first, setFirst] = useState(0);
  const refresh = useCallback(() => {
    setState({ step: 'loading' });
    setFirst(round + 1);
    setRound(round + 1);
  }, [round]);

  useEffect(() => {
    let stream: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const end = (step: 'denied' | 'expired' | 'failed') => {
      stream?.close();
      clearTimeout(timer);
      if (live) setState({ step });
    };
    void (async () => {
      try {
        const { ticket, streamTicket, expiresIn, matchNumber } = await requestScanTicket();
        if (!live) return;
        const target = new URL(appHref(`${paths.scanConfirm}?t=${ticket}`), window.location.href).href;
        const qr = await QRCode.toDataURL(target, { margin: 1, width: 200 });
        stream = scanEventStream(streamTicket);
        stream.onmessage = (message: MessageEvent<string>) => {
          const event = JSON.parse(message.data) as LiveEvent;
          if (event.kind === 'scan.confirmed' && event.ids?.[0]) {
            end('expired');
            void navigate(`${paths.login}?code=${encodeURIComponent(String(event.ids[0]))}`, { replace: true });
          } else if (event.kind === 'scan.denied') end('denied');
        };
        // The stream ticket is spent: a lost stream means a new QR code.
        stream.onerror = () => end('expired');
        // A code that runs out unused is replaced while the page waits, up to AUTO_CODES in a row.
        timer = setTimeout(() => {
          if (round - first + 1 < AUTO_CODES) {
            stream?.close();
            setRound((r) => r + 1);
          } else end('expired');
        }, expiresIn * 1000);
        if (live) setState({ step: 'waiting', qr, target, matchNumber });
      } catch {
        end('failed');
      }
    })();
    return () => {
      live = false;
      stream?.close();
      clearTimeout(timer);
    };
  }, [round, first, navigate]);

  return (
    <div className="ls-scan" data-scan-state={state.step}>
      {state.step === 'loading' && <span className="ls-spin" role="status" aria-label="加载中" />}
      {state.step === 'waiting' && (
        <>
          <img src={state.qr} alt="扫码登录二维码" width={200} height={200} data-scan-url={state.target} />
          <p>请使用已登录的手机扫描二维码，并在手机上选择下方数字</p>
          <div className="ls-scan-number" role="status" aria-label="登录验证数字" data-scan-number={state.matchNumber}>
            {state.matchNumber}
          </div>
        </>
      )}
      {(state.step === 'denied' || state.step === 'expired' || state.step === 'failed') && (
        <>
          <Notice type="warning">{ENDED[state.step]}</Notice>
          <button type="button" className="ls-button" onClick={refresh}>
            刷新二维码
          </button>
        </>
      )}
    </div>
  );
}

/**
 * Spec §2/§4 `/login?code=…`: the code is exchanged for the session's token, which is stored as a
 * login's is; then home, with a reload.
 */
export function ScanCodeExchange({ code, onTokenReady }: { code: string; onTokenReady: (token: string) => void }) {
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    exchangeScanCode(code)
      // The session is bound to this browser's device key: a certificate key left from an earlier
      // certificate login must not sign for it.
      .then(async (token) => {
        await endCertificateSession();
        onTokenReady(token);
        reloadAt(paths.home);
      })
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [code, onTokenReady]);
  if (!error) return <Waiting tip="正在登录…" />;
  return <Notice type="error">{error}</Notice>;
}
