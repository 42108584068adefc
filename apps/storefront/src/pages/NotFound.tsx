import { Link } from '../lib/router';

/** A page that does not exist (or a product that is not published). */
export function NotFound() {
  return (
    <div className="sf-container sf-notfound">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link href="/" className="sf-btn">
        Continue shopping
      </Link>
    </div>
  );
}
