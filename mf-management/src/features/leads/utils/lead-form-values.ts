import { LEAD_INTERESTS, LEAD_ORIGIN, type LeadData, type LeadForm } from 'shared-kernel/contracts';

/**
 * The lead form's values: the wire form (LeadForm) with '' for empty texts and dates (what the
 * inputs hold) and the interests as indexes into LEAD_INTERESTS (the kernel's checkbox group
 * holds numbers).
 */
export type LeadFormValues = Omit<LeadForm, 'interests'> & { interests: number[] };

/** Text fields that are null on the wire when empty. */
const NULLABLE_TEXT = [
  'company', 'email', 'phone_regular', 'phone_cellphone', 'street', 'house_no', 'zip', 'city', 'dob', 'date_created',
  'pt_firstname', 'pt_lastname', 'pt_email', 'pt_phone_regular', 'pt_phone_cellphone', 'pt_street', 'pt_house_no', 'pt_zip',
  'pt_city', 'lead_source', 'experience',
] as const satisfies readonly (keyof LeadFormValues)[];

/** An empty form for a new lead: the first school, today as first contact, origin personal. */
export function emptyLeadValues(schoolId: number | null, today: string): LeadFormValues {
  return {
    school_id: schoolId as number,
    lead_status_id: null,
    lead_origin_id: LEAD_ORIGIN.personal,
    date_created: today,
    salutation_id: null as unknown as number,
    company: '', firstname: '', lastname: '', email: '', phone_regular: '', phone_cellphone: '',
    street: '', house_no: '', zip: '', city: '', dob: '',
    pt_salutation_id: null, pt_firstname: '', pt_lastname: '', pt_email: '', pt_phone_regular: '', pt_phone_cellphone: '',
    pt_street: '', pt_house_no: '', pt_zip: '', pt_city: '',
    lead_source_id: null, lead_source: '', annotation: '', interests: [], products: [], experience: '',
  };
}

/** The values of a stored lead (GET /api-lead/data). */
export function leadToValues(lead: LeadData): LeadFormValues {
  const values = emptyLeadValues(lead.school_id, '');
  for (const key of Object.keys(values) as (keyof LeadFormValues)[]) {
    if (key === 'interests') continue;
    const stored = (lead as unknown as Record<string, unknown>)[key];
    (values as Record<string, unknown>)[key] = stored === null && (NULLABLE_TEXT as readonly string[]).includes(key) ? '' : stored;
  }
  values.interests = lead.interests.map((interest) => LEAD_INTERESTS.indexOf(interest as (typeof LEAD_INTERESTS)[number])).filter((i) => i >= 0);
  return values;
}

/** The wire body (LeadForm) of the form's values: empty texts and dates as null, interests by name. */
export function toLeadBody(values: LeadFormValues): LeadForm {
  const body: Record<string, unknown> = { ...values };
  for (const key of NULLABLE_TEXT) if (typeof body[key] === 'string' && (body[key] as string).trim() === '') body[key] = null;
  body.interests = values.interests.map((index) => LEAD_INTERESTS[index]).filter(Boolean);
  return body as LeadForm;
}
