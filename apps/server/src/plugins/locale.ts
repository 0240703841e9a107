import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, isLocale, pickLocale, type Locale } from '@nirmaan/shared/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language this request is answered in (docs/decisions/039): the `nirmaan_lang` cookie, else the best of
     * `Accept-Language`, else English. Read from the raw header, so a refusal raised before the cookie plugin runs
     * (a bad Origin, a body too large) is in the same language.
     */
    readonly locale: Locale;
  }
}

const COOKIE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

export function localeOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  const choice = COOKIE.exec(request.headers.cookie ?? '')?.[1]?.trim();
  return pickLocale(choice, request.headers['accept-language']);
}

/** The language chosen on this device (the cookie), or null: what login and signup store on an account without one. */
export function chosenLocale(request: Pick<FastifyRequest, 'headers'>): Locale | null {
  const choice = COOKIE.exec(request.headers.cookie ?? '')?.[1]?.trim();
  return isLocale(choice) ? choice : null;
}

export function registerLocale(app: FastifyInstance) {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeOf(this);
    },
  });
}
