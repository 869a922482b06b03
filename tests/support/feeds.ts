// Checking the price comparison feeds in the tests: an XSD per feed (tests/support/feeds/, written
// from each channel's published rules) run through xmllint, and the file parsed by jsdom's XML parser
// (a real parser: a file that is not well-formed fails here too).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import type { FeedName } from '../../bff/src/services/feeds/formats.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'feeds');

/** The XSD of each feed (the English Google feed has the Czech one's). */
export const FEED_XSD: Record<FeedName, string> = {
  heureka: path.join(DIR, 'heureka.xsd'),
  'heureka-dostupnost': path.join(DIR, 'heureka-dostupnost.xsd'),
  zbozi: path.join(DIR, 'zbozi.xsd'),
  google: path.join(DIR, 'google.xsd'),
  'google-en': path.join(DIR, 'google.xsd'),
};

/** xmllint --noout --schema over a feed file: its exit code and what it printed (the errors name the line). */
export function xmllintFeed(name: FeedName, file: string): { status: number | null; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', FEED_XSD[name], file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The feed parsed as XML; throws when it is not well-formed. */
export function parseFeed(xml: string): Document {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return document;
}

/** The text of the first child element with this local name, or null. */
export function childText(parent: Element, name: string): string | null {
  return [...parent.children].find((child) => child.localName === name)?.textContent ?? null;
}

/** The offers of a feed by their id: SHOPITEM (ITEM_ID), item (g:id) or availability item (@id). */
export function offersById(document: Document): Map<string, Element> {
  const offers = new Map<string, Element>();
  const root = document.documentElement;
  // the offers are the root's children (or the channel's): no walk over every element of a large file
  const channel = [...root.children].find((child) => child.localName === 'channel');
  for (const element of [...(channel ?? root).children]) {
    if (element.localName === 'SHOPITEM') offers.set(childText(element, 'ITEM_ID') ?? '', element);
    else if (element.localName === 'item' && channel) offers.set(childText(element, 'id') ?? '', element);
    else if (element.localName === 'item') offers.set(element.getAttribute('id') ?? '', element);
  }
  return offers;
}
