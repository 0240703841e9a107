import { useEffect, useEffectEvent, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { useClientConfig, type GoogleClaims } from '../api/auth.ts';

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
  renderButton(parent: HTMLElement, options: { theme?: string; size?: string; text?: string; shape?: string; width?: number }): void;
}
declare global {
  interface Window { google?: { accounts?: { id?: GoogleIdApi } } }
}

export type { GoogleClaims } from '../api/auth.ts';

/** The claims of an ID token, read for display only: the server verifies the token itself. */
export function decodeCredential(credential: string): GoogleClaims {
  try {
    const part = credential.split('.')[1] ?? '';
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { email: text(claims.email), name: text(claims.name), picture: text(claims.picture) };
  } catch {
    return {};
  }
}

let scriptLoad: Promise<GoogleIdApi> | undefined;

function loadGoogleIdentity(): Promise<GoogleIdApi> {
  scriptLoad ??= new Promise<GoogleIdApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('no google.accounts.id')));
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    scriptLoad = undefined; // a later visit may try again
    throw err;
  });
  return scriptLoad;
}

interface Props {
  text: 'signin_with' | 'signup_with';
  onCredential: (credential: string, claims: GoogleClaims) => void;
  onError: () => void;
}

/**
 * Google's own sign-in button (Google Identity Services), shown only when the server has a Google
 * client id. The ID token goes to the server, which checks it against Google's keys.
 */
export function GoogleSignIn({ text, onCredential, onError }: Props) {
  const config = useClientConfig();
  const clientId = config.data?.googleClientId ?? null;
  const slot = useRef<HTMLDivElement>(null);
  const credentialReceived = useEffectEvent(onCredential);
  const failed = useEffectEvent(onError);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then((gis) => {
      if (cancelled || !slot.current) return;
      gis.initialize({
        client_id: clientId,
        ux_mode: 'popup',
        callback: ({ credential }) => {
          if (credential) credentialReceived(credential, decodeCredential(credential));
          else failed();
        },
      });
      gis.renderButton(slot.current, { theme: 'outline', size: 'large', text, shape: 'pill', width: 300 });
    }).catch(() => {
      if (!cancelled) failed();
    });
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  if (!clientId) return null;
  return (
    <div className="social-sign-in">
      <div className="divider-text text-body-secondary small my-3"><span><Trans>or</Trans></span></div>
      <div ref={slot} className="d-flex justify-content-center" data-testid="google-sign-in" />
    </div>
  );
}
