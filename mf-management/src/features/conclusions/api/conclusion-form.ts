import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type {
  AccountOption, ConclusionDataResponse, ConclusionForm, ContractNumberCheck, IbanLookup, SavedWithVersion,
} from 'shared-kernel/contracts';

/** Which conclusion GET /api-conclusion/data reads: a saved one (id) or a new one prefilled from a student and/or a lead. */
export interface ConclusionDataQuery {
  id?: number;
  sid?: number;
  lid?: number;
}

/** GET /api-conclusion/data?id|sid|lid: the form data and the lists it offers (templates, products, network contracts). */
export function getConclusionData(query: ConclusionDataQuery, signal?: AbortSignal): Promise<ConclusionDataResponse> {
  const searchParams: Record<string, number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) searchParams[key] = value;
  return http.get('api-conclusion/data', { searchParams, signal }).json<ConclusionDataResponse>();
}

/** The regular form saves on /data, the paper form on /legacy (spec 000 §7). */
const savePath = (paper: boolean) => (paper ? 'api-conclusion/legacy' : 'api-conclusion/data');

/** POST /api-conclusion/data or /legacy: creates a conclusion (one Idempotency-Key per submission). */
export async function createConclusion(body: ConclusionForm, paper: boolean, idempotencyKey: string): Promise<void> {
  await http.post(savePath(paper), { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-conclusion/data?id or /legacy?id with the version read; answers the next version (409 {error: 9} when stale). */
export async function updateConclusion(id: number, body: ConclusionForm, version: number, paper: boolean): Promise<number> {
  const saved = await http.put(savePath(paper), { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** GET /api-contract/check?cno: is the contract number well-formed and free? */
export function checkContractNumber(contractNo: string): Promise<ContractNumberCheck> {
  return http.get('api-contract/check', { searchParams: { cno: contractNo } }).json<ContractNumberCheck>();
}

/** GET /api-conclusion/iban?v=: checks the IBAN and finds BIC and bank from its bank code. */
export function lookupIban(iban: string): Promise<IbanLookup> {
  return http.get('api-conclusion/iban', { searchParams: { v: iban } }).json<IbanLookup>();
}

/** GET /api-account/sel: the bank accounts of the user's schools (the form's account choice). */
export function getAccountOptions(signal?: AbortSignal): Promise<AccountOption[]> {
  return http.get('api-account/sel', { signal }).json<AccountOption[]>();
}
