export function Component() {
  return <div className="container py-4">TODO</div>;
}
