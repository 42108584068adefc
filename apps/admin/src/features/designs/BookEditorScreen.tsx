import { BookEditorScreenOf } from './BookEditors';

/**
 * `book-editor` (`/admin/book-editor?design=…`; scope `products`; issue 19 item 4): a personalised book of single
 * pages — page list with drag reorder and page templates, text with `{child_name}` placeholders and photo slots
 * (the product's shopper fields), a page-by-page preview with sample values, and the print PDF.
 */
export default function BookEditorScreen() {
  return <BookEditorScreenOf kind="book" title="Books" />;
}
