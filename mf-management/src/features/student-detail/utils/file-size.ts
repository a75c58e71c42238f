/** A byte count as the size unit and number to show (1 decimal above 1 KB). */
export function fileSizeParts(bytes: number): { unit: 'b' | 'kb' | 'mb'; value: number } {
  if (bytes < 1024) return { unit: 'b', value: bytes };
  if (bytes < 1024 * 1024) return { unit: 'kb', value: Math.round((bytes / 1024) * 10) / 10 };
  return { unit: 'mb', value: Math.round((bytes / (1024 * 1024)) * 10) / 10 };
}
