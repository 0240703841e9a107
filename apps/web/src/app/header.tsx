export function Header() {
  return <header className="border-bottom"><div className="container py-2">Nirmaan</div></header>;
}
