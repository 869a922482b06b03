// Reading and checking ISDOC invoices in the tests: the official 6.0.2 schema (tests/support/isdoc/,
// its source in the README there) run through xmllint, and the document parsed by jsdom's XML parser
// (a real parser: a file that is not well-formed fails here, not just in xmllint).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

export const ISDOC_XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'isdoc', 'isdoc-invoice-6.0.2.xsd');
const NS = 'http://isdoc.cz/namespace/2013';

/** xmllint --noout --schema over the document: its exit code and what it printed (the errors name the line). */
export function xmllintIsdoc(xml: Uint8Array): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'isdoc-'));
  try {
    const file = path.join(dir, 'document.isdoc');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', ISDOC_XSD, file], { encoding: 'utf8' });
    if (run.error) throw run.error;
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type IsdocElement = Element;

/** The document's root <Invoice>; throws when the bytes are not well-formed XML. */
export function parseIsdoc(xml: Uint8Array): Element {
  const document = new JSDOM(Buffer.from(xml).toString('utf8'), { contentType: 'application/xml' }).window.document;
  const root = document.documentElement;
  if (root.localName !== 'Invoice' || root.namespaceURI !== NS) throw new Error(`not an ISDOC invoice: <${root.localName}> in ${root.namespaceURI}`);
  return root;
}

/** The child elements of `parent` with this name (ISDOC's namespace). */
export function children(parent: Element, name: string): Element[] {
  return [...parent.children].filter((child) => child.namespaceURI === NS && child.localName === name);
}

/** The element at a path of child names (Party/PartyName/Name); throws when it is missing. */
export function child(parent: Element, pathNames: string): Element {
  let element = parent;
  for (const name of pathNames.split('/')) {
    const found = children(element, name)[0];
    if (!found) throw new Error(`no <${name}> in <${element.localName}> (path ${pathNames})`);
    element = found;
  }
  return element;
}

/** The text of the element at the path. */
export function text(parent: Element, pathNames: string): string {
  return child(parent, pathNames).textContent ?? '';
}

/** An amount at the path in minor units (haléře, cents): "1234.50" → 123450. */
export function minor(parent: Element, pathNames: string): number {
  const value = text(parent, pathNames);
  if (!/^-?\d+\.\d{2}$/.test(value)) throw new Error(`${pathNames} is not an amount with two decimals: "${value}"`);
  return Math.round(Number(value) * 100);
}
