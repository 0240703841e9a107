import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

export function Component() {
  return (
    <div className="container py-5 text-center">
      <h1 className="h3"><Trans>Page not found</Trans></h1>
      <p className="text-body-secondary"><Trans>That page does not exist.</Trans></p>
      <Link to="/" className="btn btn-primary"><Trans>Go to the home page</Trans></Link>
    </div>
  );
}
