/**
 * Where chat calls and the chat socket go. docs/api-contract.md puts chat on its own host; here it is optional, and
 * without it chat shares the app's origin (and its session cookie) like every other call.
 */
export const CHAT_ORIGIN = (import.meta.env.VITE_CHAT_URL ?? '').trim().replace(/\/+$/, '');

/** A chat call's URL: on the chat host when one is configured. */
export const chatUrl = (path: string) => `${CHAT_ORIGIN}${path}`;

/** A chat host elsewhere needs the session cookie sent across origins (it must allow credentials by CORS). */
export const chatCredentials: RequestCredentials = CHAT_ORIGIN ? 'include' : 'same-origin';
