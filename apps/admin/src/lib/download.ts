/**
 * Saves text the server answered (a CSV export) as a file the browser downloads, named `filename`: a Blob URL on
 * a temporary link, clicked and revoked. Used by the Orders and Customers exports (issue 12 items 1 and 4).
 */
export function saveCsv(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
