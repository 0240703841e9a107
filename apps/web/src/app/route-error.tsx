import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-body-secondary">{notFound ? 'That page does not exist.' : 'Please reload the page or try again later.'}</p>
      <Link to="/" className="btn btn-primary">Go to the home page</Link>
    </main>
  );
}
