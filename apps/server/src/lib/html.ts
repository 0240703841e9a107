/** Escapes text for safe use inside HTML (mail bodies, the dev mailbox). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
