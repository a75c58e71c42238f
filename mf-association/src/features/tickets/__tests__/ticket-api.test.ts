import { createTicket } from '../api/create-ticket.js';
import { replyToTicket } from '../api/reply-to-ticket.js';
import { getTicket, ticketFileUrl } from '../api/get-ticket.js';

const realFetch = globalThis.fetch;
let requests: Request[] = [];
let bodies: FormData[] = [];

beforeEach(() => {
  requests = [];
  bodies = [];
  globalThis.fetch = jest.fn(async (request: Request) => {
    requests.push(request);
    if (request.method === 'POST') bodies.push(await request.formData());
    return new Response(JSON.stringify({ id: 12 }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('ticket calls', () => {
  it('creates a ticket as multipart: the form as JSON in `data`, each attachment as `files`', async () => {
    const pdf = new File(['%PDF-1.4 Ausweis'], 'ausweis.pdf', { type: 'application/pdf' });
    const png = new File(['PNG'], 'foto.png', { type: 'image/png' });
    const saved = await createTicket(2, { sid: 1, cat: 'bug', subject: 'Export', message: 'Hängt' }, [pdf, png]);

    expect(saved).toEqual({ id: 12 });
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost/api-base/ticket?m=2');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = bodies[0];
    expect(JSON.parse(body.get('data') as string)).toEqual({ sid: 1, cat: 'bug', subject: 'Export', message: 'Hängt' });
    const files = body.getAll('files') as File[];
    expect(files.map((f) => f.name)).toEqual(['ausweis.pdf', 'foto.png']);
    expect(await files[0].text()).toBe('%PDF-1.4 Ausweis');
  });

  it('sends a reply to ticket-reply with id and mode', async () => {
    await replyToTicket(1, 5, { message: 'Danke' }, []);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost/api-base/ticket-reply?id=5&m=1');
    const body = bodies[0];
    expect(JSON.parse(body.get('data') as string)).toEqual({ message: 'Danke' });
    expect(body.getAll('files')).toEqual([]);
  });

  it('reads one ticket and links its attachments', async () => {
    await getTicket(2, 8);
    expect(requests[0].url).toBe('http://localhost/api-base/ticket?id=8&m=2');
    expect(ticketFileUrl(31)).toBe('/api-base/ticket-file?id=31');
  });
});
