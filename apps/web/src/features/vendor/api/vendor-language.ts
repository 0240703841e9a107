import { useEffect } from 'react';
import { ZLanguageResponse } from '@nirmaan/shared/auth';
import { LOCALE_COOKIE } from '@nirmaan/shared/i18n';
import { api } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/i18n.ts';

/**
 * The language a vendor chose (the switcher's cookie, which the page's address follows) saved on the account, so its
 * mails are written in it too (PUT /api/vendor/language, issue 33). Once per vendor and language in a tab; without a
 * chosen language (no cookie: the browser's own) nothing is saved.
 */
export function useRememberVendorLanguage(vendorId: string) {
  const locale = useLocale();
  useEffect(() => {
    const chosen = document.cookie.split('; ').some((c) => c === `${LOCALE_COOKIE}=${locale}`);
    const key = `nirmaan_vendor_language:${vendorId}`;
    if (!vendorId || !chosen || sessionStorage.getItem(key) === locale) return;
    api('/api/vendor/language', { method: 'PUT', json: { language: locale } }, ZLanguageResponse)
      .then(() => sessionStorage.setItem(key, locale), () => undefined);
  }, [locale, vendorId]);
}
