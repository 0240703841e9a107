export function Footer() {
  return <footer className="border-top"><div className="container py-3">© Nirmaan</div></footer>;
}
