import * as yup from 'yup';
import { MSG } from './messages.js';

/**
 * Association tickets (spec 002 §2.13, §2.16, §3): the create and reply forms. Attachments
 * travel as multipart files next to these fields (field name `files`); the JSON fields go in
 * a multipart field `data` (JSON text) so one request creates the ticket and its files.
 * Reads: TicketListRow / TicketDetail in business.ts.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);

/** Categories of a technical feedback (mode 2), wire values. */
export const TECH_TICKET_CATEGORIES = ['bug', 'improvement', 'question', 'other'] as const;

/** Attachments per message and bytes per file. */
export const TICKET_MAX_FILES = 5;
export const TICKET_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Longest message (characters). */
export const TICKET_MESSAGE_MAX = 20_000;

/** POST /api-base/ticket?m=1: support request (school, subject, message). */
export const supportTicketSchema = yup
  .object({
    sid: id().required(MSG.required),
    subject: yup.string().trim().required(MSG.required).max(200, MSG.tooLong),
    message: yup.string().trim().required(MSG.required).max(TICKET_MESSAGE_MAX, MSG.tooLong),
  })
  .noUnknown();
export type SupportTicketForm = yup.InferType<typeof supportTicketSchema>;

/** POST /api-base/ticket?m=2: technical feedback (school, category, subject, description). */
export const technicalTicketSchema = supportTicketSchema
  .shape({
    cat: yup.string().oneOf([...TECH_TICKET_CATEGORIES], MSG.invalid).required(MSG.required),
  })
  .noUnknown();
export type TechnicalTicketForm = yup.InferType<typeof technicalTicketSchema>;

/** POST /api-base/ticket-reply?id&m: a reply to the thread (message required). */
export const ticketReplySchema = yup
  .object({
    message: yup.string().trim().required(MSG.required).max(TICKET_MESSAGE_MAX, MSG.tooLong),
  })
  .noUnknown();
export type TicketReplyForm = yup.InferType<typeof ticketReplySchema>;

/** Answer of a create or reply: the ticket id. */
export interface TicketSaved {
  id: number;
}

// Attachments download through GET /api-base/ticket-file?id (ticket_files.id).
