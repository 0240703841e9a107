import { Link } from 'react-router';

export function Component() {
  return (
    <div className="container py-5 text-center">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">That page does not exist.</p>
      <Link to="/" className="btn btn-primary">Go to the home page</Link>
    </div>
  );
}
