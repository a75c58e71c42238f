/** The thread of a request's ticket: contract and trainer requests are tickets of mode 1 (the requests list of /e-dash). */
export function ticketThreadPath(tid: number): string {
  return `/e-ticket/edit/1/${tid}`;
}
