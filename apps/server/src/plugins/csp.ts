import type { Config } from '../config/index.ts';
import type { WidenableDirective } from '../config/csp-sources.ts';

/** What Google Identity Services (the sign-in button) loads; allowed only when Google sign-in is configured. */
const GOOGLE_GSI = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frameAndConnect: 'https://accounts.google.com/gsi/',
};

const CAMEL: Record<WidenableDirective, string> = {
  'script-src': 'scriptSrc', 'style-src': 'styleSrc', 'img-src': 'imgSrc', 'font-src': 'fontSrc',
  'connect-src': 'connectSrc', 'frame-src': 'frameSrc', 'media-src': 'mediaSrc',
};

/**
 * The Content-Security-Policy's directives (helmet's names): our own origin, Google sign-in and Razorpay's checkout
 * when configured, and what CSP_EXTRA_SOURCES adds for another frontend. A directive absent here falls back to
 * default-src 'self', so one the setting widens starts from 'self'.
 */
export function cspDirectives(config: Config): Record<string, string[] | null> {
  const google = config.GOOGLE_CLIENT_ID !== undefined;
  const plus = (sources: string[], googleSource: string) => (google ? [...sources, googleSource] : sources);
  // Razorpay's checkout.js (script) and its checkout frame, only when keys are set.
  const rzp = config.RAZORPAY_KEY_ID !== undefined
    ? { script: [config.RAZORPAY_CHECKOUT_URL], frame: [...new Set([new URL(config.RAZORPAY_CHECKOUT_URL).origin, new URL(config.RAZORPAY_API_URL).origin])] }
    : { script: [], frame: [] };
  const frames = [...(google ? ["'self'", GOOGLE_GSI.frameAndConnect] : []), ...rzp.frame];
  const directives: Record<string, string[] | null> = {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    styleSrc: plus(["'self'", "'unsafe-inline'"], GOOGLE_GSI.style),
    scriptSrc: [...plus(["'self'"], GOOGLE_GSI.script), ...rzp.script],
    connectSrc: [...plus(["'self'", 'ws:', 'wss:'], GOOGLE_GSI.frameAndConnect), ...rzp.frame],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    ...(frames.length > 0 ? { frameSrc: google ? frames : ["'self'", ...frames] } : {}),
    upgradeInsecureRequests: null,
  };
  for (const [directive, extra] of Object.entries(config.CSP_EXTRA_SOURCES) as [WidenableDirective, string[]][]) {
    const key = CAMEL[directive];
    directives[key] = [...new Set([...(directives[key] ?? ["'self'"]), ...extra])];
  }
  return directives;
}
