/**
 * A byte count for people: '512 B', '3,4 KB', '10 MB' (decimal comma in German).
 * @example formatFileSize(10 * 1024 * 1024, 'de') // '10 MB'
 */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes < 1024) return `${bytes} B`;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}
