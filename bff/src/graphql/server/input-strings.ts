// Strings a request carries, checked once before execution (requirements G6, O3): control
// characters such as NUL and lone UTF-16 surrogates (schema/rules/text.ts) are refused everywhere; every string has a length cap and every list a size cap. Fields with
// stricter rules (an e-mail, a search phrase) validate those in their own service.
import { visit, type DocumentNode } from 'graphql';
import { MAX_PAGE_SIZE } from '../schema/pagination.ts';
import { OPERATION_LIMITS } from './limits.ts';
import { hasUnsafeCharacters } from '../../../../schema/rules/text.ts';

export type BadString = 'invalid' | 'tooLong' | 'tooMany';

function checkString(value: string, maxLength: number): BadString | null {
  if (value.length > maxLength) return 'tooLong';
  if (hasUnsafeCharacters(value)) return 'invalid';
  return null;
}

function checkValue(value: unknown, maxLength: number, depth = 0): BadString | null {
  if (typeof value === 'string') return checkString(value, maxLength);
  if (value === null || typeof value !== 'object' || depth > 10) return null;
  if (Array.isArray(value)) {
    if (value.length > MAX_PAGE_SIZE) return 'tooMany';
    for (const item of value) {
      const bad = checkValue(item, maxLength, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const bad = checkString(key, maxLength) ?? checkValue(item, maxLength, depth + 1);
    if (bad) return bad;
  }
  return null;
}

/** The first problem with a string literal or a list in the document, or null. */
function documentProblem(document: DocumentNode): BadString | null {
  let found: BadString | null = null;
  visit(document, {
    StringValue(node) {
      found ??= checkString(node.value, OPERATION_LIMITS.stringLength);
    },
    ListValue(node) {
      if (node.values.length > MAX_PAGE_SIZE) found ??= 'tooMany';
    },
  });
  return found;
}

/** Each document's verdict: yoga hands every request of the same text the same parsed document. */
const documentProblems = new WeakMap<DocumentNode, BadString | null>();

/** The first problem with a string in the document's literals or in the variables, or null. */
export function findBadString(document: DocumentNode, variables: Record<string, unknown> | undefined): BadString | null {
  const found = checkValue(variables ?? null, OPERATION_LIMITS.stringLength);
  if (found) return found;
  if (!documentProblems.has(document)) documentProblems.set(document, documentProblem(document));
  return documentProblems.get(document)!;
}
