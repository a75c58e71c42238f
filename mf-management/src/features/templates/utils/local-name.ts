/** The German or English name the server sends (`{de, en}`), for the UI language; German otherwise. */
export function localName(name: { de: string; en: string }, language: string | undefined): string {
  return language?.startsWith('en') ? name.en || name.de : name.de;
}
