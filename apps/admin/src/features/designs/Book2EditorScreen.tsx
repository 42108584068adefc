import { BookEditorScreenOf } from './BookEditors';

/**
 * `book2-editor` (`/admin/book2-editor?design=…`; scope `products`; issue 19 item 5): the book in spreads — facing
 * pages edited together across the gutter, the cover wrap (back | spine | front) whose spine follows the page count
 * and the paper's thickness, a two-page preview, and the interior and cover PDFs.
 */
export default function Book2EditorScreen() {
  return <BookEditorScreenOf kind="book2" title="Photo books" />;
}
