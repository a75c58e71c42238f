/** The file name of a Content-Disposition header (the RFC 5987 `filename*` first), or null. */
export function fileNameFromDisposition(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/**
 * Saves a file the server answered (through the kernel's `http`, so the session cookie and
 * the client-version header went with it) under the server's file name, or `fallbackName`.
 * @example saveDownload(await http.get('api-conclusion/cp', { searchParams: { id } }), 'Vertrag.pdf')
 */
export async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
