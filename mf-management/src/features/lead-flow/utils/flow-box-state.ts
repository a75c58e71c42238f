import type { LeadData } from 'shared-kernel/contracts';

/** What a box of the flow diagram shows (spec 001 §4 "Info event or trial box"). */
export type FlowBoxState =
  | { kind: 'never' }
  | { kind: 'invited'; event: string }
  | { kind: 'passed'; event: string }
  | { kind: 'attended'; date: string };

type FlowFields = Pick<LeadData, 'ie1' | 'ie2' | 'it1' | 'it2' | 'date_info_event' | 'date_trial'>;

/**
 * The state of the info-event (1) or trial (2) box: attended (with the date), else invited to
 * the appointment in force (COALESCE(ie2, ie1), migration 091) — passed once it has begun —,
 * else never invited.
 */
export function flowBoxState(lead: FlowFields, type: 1 | 2, now: Date): FlowBoxState {
  const attended = type === 1 ? lead.date_info_event : lead.date_trial;
  if (attended) return { kind: 'attended', date: attended };
  const event = type === 1 ? (lead.ie2 ?? lead.ie1) : (lead.it2 ?? lead.it1);
  if (!event) return { kind: 'never' };
  return new Date(event).getTime() < now.getTime() ? { kind: 'passed', event } : { kind: 'invited', event };
}
