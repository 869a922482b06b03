// Synthetic bank statements for the payment tests (decision 0070): GPC records of 128 bytes in
// windows-1250 and camt.053 documents as Czech banks write them, built from the fields that matter.

/** Text as windows-1250 bytes (the characters a Czech statement uses). */
export function windows1250(text: string): Uint8Array {
  const decoder = new TextDecoder('windows-1250');
  const byChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byChar.set(decoder.decode(new Uint8Array([byte])), byte);
  return Uint8Array.from([...text].map((char) => {
    const byte = byChar.get(char);
    if (byte === undefined) throw new Error(`"${char}" has no windows-1250 byte`);
    return byte;
  }));
}

/** YYYY-MM-DD as GPC's ddmmyy. */
export const gpcDate = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;

export function gpcHeader(day: string): string {
  const balance = '0'.repeat(14);
  return `074${'2300154801'.padStart(16, '0')}${'Sportovní obchod'.padEnd(20)}${gpcDate(day)}${balance}+${balance}+${balance}0${balance}0001${gpcDate(day)}${' '.repeat(14)}`;
}

export type GpcItem = { id: string; amount: number; day: string; vs?: string; code?: '1' | '2' | '3' | '4'; name?: string; currency?: string };

export function gpcItem(item: GpcItem): string {
  const record =
    '075' +
    '2300154801'.padStart(16, '0') +
    '2000145399'.padStart(16, '0') +
    item.id.padStart(13, '0') +
    String(item.amount).padStart(12, '0') +
    (item.code ?? '2') +
    (item.vs ?? '').padStart(10, '0') +
    '0008000308' +
    '0'.repeat(10) +
    gpcDate(item.day) +
    (item.name ?? 'Novák Jan').padEnd(20).slice(0, 20) +
    '0' +
    (item.currency ?? '0203') +
    gpcDate(item.day);
  if (record.length !== 128) throw new Error(`a GPC record of ${record.length} characters`);
  return record;
}

/** A GPC file: the records joined by CR LF, in windows-1250. */
export const gpcFile = (records: string[]) => windows1250(`${records.join('\r\n')}\r\n`);

export type CamtEntry = { ref: string; amount: string; currency?: string; credit?: boolean; status?: string; day: string; endToEnd?: string; message?: string; payer?: string };

export function camtEntry(entry: CamtEntry): string {
  return `
      <Ntry>
        <Amt Ccy="${entry.currency ?? 'CZK'}">${entry.amount}</Amt>
        <CdtDbtInd>${entry.credit === false ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Sts>${entry.status ?? 'BOOK'}</Sts>
        <BookgDt><Dt>${entry.day}</Dt></BookgDt>
        <ValDt><Dt>${entry.day}</Dt></ValDt>
        <AcctSvcrRef>${entry.ref}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>10000405000</Cd><Issr>CBA</Issr></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${entry.ref}</AcctSvcrRef>${entry.endToEnd === undefined ? '' : `<EndToEndId>${entry.endToEnd}</EndToEndId>`}</Refs>
          <AmtDtls><TxAmt><Amt Ccy="${entry.currency ?? 'CZK'}">${entry.amount}</Amt></TxAmt></AmtDtls>
          <RltdPties><Dbtr><Nm>${entry.payer ?? 'Novák Jan'}</Nm></Dbtr><DbtrAcct><Id><Othr><Id>2000145399/0800</Id></Othr></Id></DbtrAcct></RltdPties>
          ${entry.message === undefined ? '' : `<RmtInf><Ustrd>${entry.message}</Ustrd></RmtInf>`}
        </TxDtls></NtryDtls>
      </Ntry>`;
}

export function camtDocument(entries: string[], prolog = '<?xml version="1.0" encoding="UTF-8"?>'): string {
  return `${prolog}
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>camt53-2026-11-27</MsgId><CreDtTm>2026-11-27T23:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2300154801-2026-11-27</Id>
      <ElctrncSeqNb>331</ElctrncSeqNb>
      <CreDtTm>2026-11-27T23:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>CZ2620100000002300154801</IBAN></Id><Ccy>CZK</Ccy></Acct>
      ${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
