/** A user's name for cards and dialogs: first and last name, else the username. */
export function displayName(user: { fn: string; ln: string; un: string }): string {
  return [user.fn, user.ln].filter(Boolean).join(' ') || user.un;
}
