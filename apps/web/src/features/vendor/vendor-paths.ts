/** Where a vendor goes after logging in: a portal path of ours, never another site or a customer page. */
export function safeVendorPath(next: string | null): string {
  if (!next || !next.startsWith('/vendor') || next.startsWith('//') || next.startsWith('/vendor/login')) return '/vendor';
  return next;
}
