import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../lib/errors.ts';

export interface GoogleIdentity { subject: string; email: string; name: string; picture: string | null }

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const keySets = new Map<string, JWTVerifyGetKey>();

/** Verifies a Google ID token: signature against the JWKS, audience, issuer, expiry and a verified email. */
export async function verifyGoogleToken(credential: string, opts: { clientId: string | undefined; jwksUrl: string }): Promise<GoogleIdentity> {
  // Not configured is a fact about this server, not an outage: a 4xx the UI can show.
  if (!opts.clientId) throw new AppError('NOT_FOUND', 'Google sign-in is not available on this server.');
  let keys = keySets.get(opts.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(opts.jwksUrl));
    keySets.set(opts.jwksUrl, keys);
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keys, { audience: opts.clientId, issuer: GOOGLE_ISSUERS }));
  } catch {
    throw new AppError('UNAUTHENTICATED', 'Google sign-in could not be verified. Please try again.');
  }
  if (payload.email_verified !== true || typeof payload.email !== 'string' || !payload.sub) {
    throw new AppError('UNAUTHENTICATED', 'Your Google account’s email is not verified.');
  }
  return {
    subject: payload.sub,
    email: payload.email.toLowerCase(),
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email.split('@')[0]!,
    picture: typeof payload.picture === 'string' ? payload.picture : null,
  };
}
