// Reading a camt.053 statement (ISO 20022 BkToCstmrStmt, as the Czech Banking Association's standard
// has Czech banks write it; decision 0070). Per movement `Stmt/Ntry`:
// `Amt` with its `Ccy`, `CdtDbtInd` (CRDT is money in), `Sts` (only BOOK is final: others are read
// past), `BookgDt/Dt`, `AcctSvcrRef` (the bank's id: the key it is recorded under once), and in
// `NtryDtls/TxDtls` the references (`Refs/EndToEndId` written `VS123…` or `/VS123/SS…/KS…`, or
// `RmtInf/Strd/CdtrRefInf/Ref`), the message (`RmtInf/Ustrd`) and the payer (`RltdPties/Dbtr/Nm`,
// `RltdPties/DbtrAcct/Id`).
//
// The XML is read by saxes, a streaming parser that never fetches anything: a document type
// declaration (where external and expanding entities live) refuses the file, and an entity it does
// not know is an error, so no file can make the shop read a local file or blow up in memory.
import { SaxesParser } from 'saxes';
import { parseAmount, parseDay } from './order-payments.ts';
import { checkCurrency, checkMovementId, checkVariableSymbol, oneLine, StatementFormatError, type Statement, type StatementLine } from './bank-statements.ts';

/** Whether the text starts like an XML document. */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

type Entry = { line: number; fields: Map<string, string>; currency: string };

/** The variable symbol in a camt reference: `VS123`, `/VS123/SS…`, `VS:123`; empty when there is none. */
function variableSymbolIn(reference: string): string | null {
  const match = /(?:^|\/)VS[:/]?(\d{1,10})(?:\/|$|\D)/.exec(reference.trim());
  return match ? match[1] : null;
}

/** Reads a camt.053 statement; throws StatementFormatError naming the line when it cannot be read. */
export function parseCamtStatement(text: string): Statement {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  let isStatement = false;
  let entry: Entry | null = null;
  const entries: Entry[] = [];
  let textBuffer = '';

  parser.on('doctype', () => {
    throw new StatementFormatError(`Line ${parser.line}: a camt.053 statement has no document type declaration (<!DOCTYPE …>); the file is refused.`);
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.split(':').pop() ?? tag.name;
    path.push(name);
    textBuffer = '';
    if (name === 'BkToCstmrStmt' && path.length === 2 && path[0] === 'Document') isStatement = true;
    if (!isStatement) return;
    if (name === 'Ntry' && path.at(-2) === 'Stmt') entry = { line: parser.line, fields: new Map(), currency: '' };
    if (name === 'Amt' && entry && path.at(-2) === 'Ntry') {
      const attribute = Object.entries(tag.attributes).find(([key]) => key === 'Ccy');
      entry.currency = typeof attribute?.[1] === 'string' ? attribute[1] : '';
    }
  });
  parser.on('text', (value) => {
    textBuffer += value;
  });
  parser.on('cdata', (value) => {
    textBuffer += value;
  });
  parser.on('closetag', () => {
    const at = path.join('/');
    const name = path.pop();
    if (!isStatement) return;
    if (entry) {
      const within = at.slice(at.indexOf('/Ntry/') + '/Ntry/'.length);
      // the first value of each field counts (a batch's details repeat them per transaction)
      if (at.includes('/Ntry/') && !entry.fields.has(within)) entry.fields.set(within, textBuffer.trim());
      if (name === 'Ntry') {
        entries.push(entry);
        entry = null;
      }
    }
    textBuffer = '';
  });

  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    if (error instanceof StatementFormatError) throw error;
    throw new StatementFormatError(`Not a readable XML file: ${oneLine(error instanceof Error ? error.message : String(error), 200)}`);
  }
  if (!isStatement) throw new StatementFormatError('Not a camt.053 statement: no Document/BkToCstmrStmt.');

  const payments: StatementLine[] = [];
  const outgoingLines: StatementLine[] = [];
  for (const { line, fields, currency } of entries) {
    const at = `Line ${line}: `;
    const status = fields.get('Sts') ?? fields.get('Sts/Cd') ?? '';
    if (status !== 'BOOK') continue;
    const direction = fields.get('CdtDbtInd');
    if (direction !== 'CRDT' && direction !== 'DBIT') throw new StatementFormatError(`${at}CdtDbtInd must be CRDT or DBIT, got "${oneLine(direction ?? '', 20)}".`);
    const amountText = fields.get('Amt') ?? '';
    const amount = parseAmount(amountText);
    if (Number.isNaN(amount) || amount === 0) throw new StatementFormatError(`${at}Amt must be an amount like 1234.50, got "${oneLine(amountText, 30)}".`);
    const dayText = fields.get('BookgDt/Dt') ?? fields.get('BookgDt/DtTm')?.slice(0, 10) ?? fields.get('ValDt/Dt') ?? '';
    const paidOn = parseDay(dayText);
    if (!paidOn) throw new StatementFormatError(`${at}BookgDt/Dt must be a day written YYYY-MM-DD, got "${oneLine(dayText, 30)}".`);
    const references = ['NtryDtls/TxDtls/Refs/EndToEndId', 'NtryDtls/TxDtls/RmtInf/Strd/CdtrRefInf/Ref'].map((key) => fields.get(key) ?? '');
    const symbol = references.map(variableSymbolIn).find((found) => found !== null) ?? '';
    const payer = fields.get('NtryDtls/TxDtls/RltdPties/Dbtr/Nm') ?? fields.get('NtryDtls/TxDtls/RltdPties/Cdtr/Nm') ?? '';
    const message = fields.get('NtryDtls/TxDtls/RmtInf/Ustrd') ?? '';
    const counterAccount = fields.get('NtryDtls/TxDtls/RltdPties/DbtrAcct/Id/IBAN') ?? fields.get('NtryDtls/TxDtls/RltdPties/DbtrAcct/Id/Othr/Id') ?? '';
    const movement: StatementLine = {
      line,
      movementId: checkMovementId(fields.get('AcctSvcrRef') ?? fields.get('NtryDtls/TxDtls/Refs/AcctSvcrRef') ?? '', at),
      paidOn,
      amount,
      currency: checkCurrency(currency, at),
      variableSymbol: checkVariableSymbol(symbol, at),
      account: oneLine(counterAccount, 64),
      message: oneLine([payer, message].filter(Boolean).join(', ')),
    };
    (direction === 'CRDT' ? payments : outgoingLines).push(movement);
  }
  if (payments.length === 0 && outgoingLines.length === 0) throw new StatementFormatError('The statement has no booked movements.');
  return { format: 'camt053', payments, outgoing: outgoingLines.length, outgoingLines };
}
