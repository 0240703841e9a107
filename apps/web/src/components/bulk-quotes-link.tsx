import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/**
 * "Get quotes for bulk" (issue 35): opens the request form with these items filled in. Kept free of the contract's
 * schemas, so the catalogue and cart pages that show it do not load them; the form drops a category it does not know.
 */
export function bulkQuotesPath(items: readonly { category: string; name: string }[]): string {
  const params = new URLSearchParams();
  for (const i of items) params.append('line', `${i.category}|${i.name}`);
  const query = params.toString();
  return `/requests/new${query ? `?${query}` : ''}`;
}

export function BulkQuotesLink({ items, className = 'btn btn-outline-secondary' }: { items: readonly { category: string; name: string }[]; className?: string }) {
  return <Link to={bulkQuotesPath(items)} className={className}><Trans>Get quotes for bulk</Trans></Link>;
}
