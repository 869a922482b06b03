// Packeta's REST/XML API (https://www.zasilkovna.cz/api/rest; decision 0068 names the elements used).
// Every call is a POST of one XML element named after the method, the API password first:
//   <createPacket><apiPassword>…</apiPassword><packetAttributes><number>…</number>…</packetAttributes></createPacket>
// and the answer is
//   <response><status>ok</status><result>…</result></response>
//   <response><status>fault</status><fault>IncorrectApiPasswordFault</fault><string>…</string><detail>…</detail></response>
// A PacketAttributesFault names the refused attributes in <detail><attributes><fault><name>addressId</name>
// <fault>…</fault></fault>…</attributes></detail>. Answers are read with fast-xml-parser after refusing any
// DOCTYPE (so no entity, external or internal, is ever expanded), within a timeout and a size limit.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CarrierError, type PdfBytes } from './carrier.ts';

export type PacketaClientOptions = {
  /** The REST endpoint (PACKETA_API_URL). */
  apiUrl: string;
  /** The API password (PACKETA_API_PASSWORD); never logged, never in an error message. */
  apiPassword: string;
  /** A call unanswered after this many ms fails with TIMEOUT (PACKETA_API_TIMEOUT_MS). */
  timeoutMs: number;
};

/** The attributes of createPacket the shop sends (amounts as decimal strings, weight in kg). */
export type PacketAttributes = {
  number: string;
  name: string;
  surname: string;
  email: string;
  phone?: string;
  /** A pick-up point's id, or for home delivery the id of Packeta's carrier. */
  addressId: string;
  currency: string;
  value: string;
  cod: string;
  weight: string;
  eshop?: string;
  street?: string;
  houseNumber?: string;
  city?: string;
  zip?: string;
};

export type CreatedPacket = { id: string; barcode: string; barcodeText: string };
export type PacketStatus = { dateTime: string; statusCode: string; codeText: string; statusText: string };
/** Packeta's label formats the shop uses: one A6 label per page, or four A6 labels on an A4 page. */
export type LabelFormat = 'A6 on A6' | 'A6 on A4';

/** A label or an answer larger than this is refused (a label is some 50 kB). */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: true,
  // every value stays a string: ids are unsignedLong, amounts decimals
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, jpath) => jpath === 'response.detail.attributes.fault' || jpath === 'response.result.record' || jpath === 'response.result.packetIds.id',
});

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One element per key, in the order given (Packeta reads the elements in its schema's order). */
function elements(values: Record<string, string | readonly string[] | Record<string, string | undefined> | undefined>): string {
  return Object.entries(values)
    .map(([name, value]) => {
      if (value === undefined) return '';
      if (typeof value === 'string') return `<${name}>${escapeXml(value)}</${name}>`;
      if (Array.isArray(value)) return `<${name}>${value.map((id) => `<id>${escapeXml(id)}</id>`).join('')}</${name}>`;
      return `<${name}>${elements(value as Record<string, string | undefined>)}</${name}>`;
    })
    .join('');
}

type Answer = { status?: unknown; result?: unknown; fault?: unknown; string?: unknown; detail?: { attributes?: { fault?: { name?: unknown; fault?: unknown }[] } } };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The refused attributes of a PacketAttributesFault: "addressId: …; weight: …". */
function refusedAttributes(answer: Answer): { names: string[]; text: string } {
  const faults = answer.detail?.attributes?.fault ?? [];
  const list = Array.isArray(faults) ? faults : [];
  return {
    names: list.map((fault) => text(fault?.name)),
    text: list.map((fault) => `${text(fault?.name)}: ${text(fault?.fault)}`).join('; '),
  };
}

/** The CarrierError for a fault answer: Packeta answered, so it certainly did not do what was asked. */
function faultError(method: string, answer: Answer): CarrierError {
  const fault = text(answer.fault) || 'unknown fault';
  const message = text(answer.string);
  if (fault === 'IncorrectApiPasswordFault') return new CarrierError('WRONG_PASSWORD', 'Packeta refused the API password (PACKETA_API_PASSWORD): IncorrectApiPasswordFault.', true);
  if (fault === 'PacketIdFault') return new CarrierError('UNKNOWN_PACKET', `Packeta knows no such packet (PacketIdFault${message ? `: ${message}` : ''}).`, true);
  const refused = refusedAttributes(answer);
  if (fault === 'PacketAttributesFault' && refused.names.includes('addressId')) {
    return new CarrierError('INVALID_POINT', `Packeta refused the pick-up point: it no longer exists or takes no parcels (${refused.text}). Ask the customer to choose another point.`, true);
  }
  const details = refused.text ? ` (${refused.text})` : '';
  return new CarrierError('REFUSED', `Packeta refused ${method}: ${fault}${message ? `: ${message}` : ''}${details}.`, true);
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) throw new CarrierError('MALFORMED_ANSWER', `Packeta's answer is larger than ${MAX_ANSWER_BYTES} bytes.`, false);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new CarrierError('MALFORMED_ANSWER', `Packeta's answer is larger than ${MAX_ANSWER_BYTES} bytes.`, false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a failed fetch certainly never reached Packeta (nothing was sent), or null when it may have. */
function neverConnected(error: unknown): string | null {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(cause?.code ?? '')) return cause!.code!;
  // fetch refuses the ports of the Fetch standard's list before connecting
  return cause?.message === 'bad port' ? 'a port fetch refuses' : null;
}

export type PacketaClient = ReturnType<typeof createPacketaClient>;

export function createPacketaClient(options: PacketaClientOptions) {
  /** Posts one method call; the <result> of an ok answer, else a CarrierError. */
  async function call(method: string, args: Parameters<typeof elements>[0]): Promise<unknown> {
    const body = `<?xml version="1.0" encoding="utf-8"?>\n<${method}>${elements({ apiPassword: options.apiPassword, ...args })}</${method}>`;
    const signal = AbortSignal.timeout(options.timeoutMs);
    let answerText: string;
    let status: number;
    try {
      const response = await fetch(options.apiUrl, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body, signal, redirect: 'error' });
      status = response.status;
      answerText = await readCapped(response);
    } catch (error) {
      if (error instanceof CarrierError) throw error;
      if (signal.aborted) {
        throw new CarrierError('TIMEOUT', `Packeta did not answer ${method} within ${options.timeoutMs / 1000} s (PACKETA_API_TIMEOUT_MS).`, false);
      }
      const refused = neverConnected(error);
      if (refused) throw new CarrierError('UNREACHABLE', `Packeta could not be reached for ${method} (${refused}; PACKETA_API_URL).`, true);
      throw new CarrierError('UNREACHABLE', `The connection to Packeta broke during ${method}: ${(error as Error).message}.`, false);
    }
    const answer = parseAnswer(answerText);
    if (!answer) {
      throw new CarrierError('MALFORMED_ANSWER', `Packeta answered ${method} with HTTP ${status} and something that is not its XML answer: "${answerText.slice(0, 80)}".`, false);
    }
    if (answer.status === 'fault') throw faultError(method, answer);
    if (answer.status !== 'ok' || status !== 200) {
      throw new CarrierError('MALFORMED_ANSWER', `Packeta answered ${method} with HTTP ${status} and status "${text(answer.status)}".`, false);
    }
    return answer.result;
  }

  function malformed(method: string, what: string): CarrierError {
    return new CarrierError('MALFORMED_ANSWER', `Packeta's answer to ${method} has no ${what}.`, false);
  }

  function pdf(method: string, result: unknown): PdfBytes {
    const bytes = typeof result === 'string' ? Buffer.from(result.replace(/\s+/g, ''), 'base64') : Buffer.alloc(0);
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw malformed(method, 'PDF');
    return new Uint8Array(bytes);
  }

  return {
    async createPacket(attributes: PacketAttributes): Promise<CreatedPacket> {
      const result = (await call('createPacket', { packetAttributes: attributes })) as Record<string, unknown> | undefined;
      const id = text(result?.id);
      if (!/^\d{1,20}$/.test(id)) throw malformed('createPacket', 'packet id');
      return { id, barcode: text(result?.barcode) || `Z${id}`, barcodeText: text(result?.barcodeText) };
    },

    async packetStatus(packetId: string): Promise<PacketStatus> {
      const result = (await call('packetStatus', { packetId })) as Record<string, unknown> | undefined;
      const statusCode = text(result?.statusCode);
      if (!statusCode) throw malformed('packetStatus', 'statusCode');
      return { dateTime: text(result?.dateTime), statusCode, codeText: text(result?.codeText), statusText: text(result?.statusText) };
    },

    async packetTracking(packetId: string): Promise<PacketStatus[]> {
      const result = (await call('packetTracking', { packetId })) as { record?: Record<string, unknown>[] } | undefined;
      return (result?.record ?? []).map((record) => ({
        dateTime: text(record.dateTime),
        statusCode: text(record.statusCode),
        codeText: text(record.codeText),
        statusText: text(record.statusText),
      }));
    },

    async packetLabelPdf(packetId: string, format: LabelFormat = 'A6 on A6', offset = 0): Promise<PdfBytes> {
      return pdf('packetLabelPdf', await call('packetLabelPdf', { packetId, format, offset: String(offset) }));
    },

    async packetsLabelsPdf(packetIds: readonly string[], format: LabelFormat = 'A6 on A4', offset = 0): Promise<PdfBytes> {
      return pdf('packetsLabelsPdf', await call('packetsLabelsPdf', { packetIds, format, offset: String(offset) }));
    },
  };
}

/** The <response> of an answer, or null when the text is not well-formed XML of that shape (or declares a DOCTYPE). */
export function parseAnswer(xml: string): Answer | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  if (XMLValidator.validate(xml) !== true) return null;
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const response = (parsed as { response?: unknown }).response;
  return response && typeof response === 'object' ? (response as Answer) : null;
}
