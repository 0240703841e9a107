import { Link } from 'react-router';

/** A category's picture from public/images/categories: decorative, the name beside it says what it is. */
export function CategoryImage({ slug, className, width = 320, height = 240 }: { slug: string; className: string; width?: number; height?: number }) {
  return <img className={className} src={`/images/categories/${slug}.svg`} width={width} height={height} loading="lazy" alt="" />;
}

/** A linked category tile: the picture above the name and a line of text, or a small one beside them (`row`). */
export function CategoryTile({ to, slug, name, text, row = false }: { to: string; slug: string; name: string; text: string; row?: boolean }) {
  return (
    <Link className={row ? 'tile tile-row' : 'tile'} to={to}>
      {row ? <CategoryImage className="tile-thumb" slug={slug} width={96} height={72} /> : <CategoryImage className="tile-image" slug={slug} />}
      <span className="tile-body">
        <span className="tile-title">{name}</span>
        <span className="tile-text">{text}</span>
      </span>
    </Link>
  );
}
