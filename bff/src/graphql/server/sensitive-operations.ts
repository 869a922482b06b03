// Requirement G2: a sensitive action (signing in, registering, password reset, vouchers, newsletter,
// complaint) may appear at most once in a GraphQL document, so aliases cannot multiply attempts
// ("a1: login(...) a2: login(...) ..."). A validation rule: a document that breaks it is refused
// before anything runs. Fragments and inline fragments are followed; only top-level fields count
// (these actions are all root fields), and names not in the schema yet are simply never found.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { initialContextLanguage, type InitialContext } from './request-language.ts';
import { message } from '../../i18n/messages.ts';
import { fragmentDefinitions, memoisedFragments } from './fragments.ts';

export const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
  'login',
  'loginWithToken',
  'deleteAccount',
  'register',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'applyVoucher',
  'checkVoucher',
  'subscribeNewsletter',
  'submitReturnProtocol',
  // each guest declaration sends an e-mail, each confirmation one more (services/withdrawals.ts)
  'submitWithdrawal',
  'confirmWithdrawal',
  // an e-mail address given per request (services/availability-watch.ts)
  'watchAvailability',
  'cancelAvailabilityWatches',
]);

type Counts = Map<string, number>;

function addCounts(total: Counts, more: Counts): void {
  for (const [name, count] of more) total.set(name, (total.get(name) ?? 0) + count);
}

/** How often each sensitive field is selected at the top level of the document's operations. */
export function countSensitiveFields(document: DocumentNode): Counts {
  // each fragment is counted once and its counts added at every spread (fragments.ts)
  const countsOf = (selectionSet: SelectionSetNode): Counts => {
    const counts: Counts = new Map();
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (SENSITIVE_FIELDS.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        addCounts(counts, countsOf(selection.selectionSet));
      } else {
        addCounts(counts, fragmentCounts(selection.name.value) ?? new Map());
      }
    }
    return counts;
  };
  const fragmentCounts = memoisedFragments(fragmentDefinitions(document), (fragment) => countsOf(fragment.selectionSet), new Map());
  const total: Counts = new Map();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) addCounts(total, countsOf(definition.selectionSet));
  }
  return total;
}

function sensitiveOnceRule(language: Locale): ValidationRule {
  const rule = (context: ValidationContext): ASTVisitor => ({
    Document: {
      leave() {
        for (const [field, count] of countSensitiveFields(context.getDocument())) {
          if (count > 1) {
            context.reportError(
              new GraphQLError(message('operationOncePerRequest', language).replace('{field}', field), {
                extensions: { code: 'OPERATION_REPEATED' },
              }),
            );
          }
        }
      },
    },
  });
  // yoga caches validation results by the names of the rules: one name per language
  Object.defineProperty(rule, 'name', { value: `SensitiveOperationsOnce_${language}` });
  return rule;
}

const RULES: Record<Locale, ValidationRule> = { cs: sensitiveOnceRule('cs'), en: sensitiveOnceRule('en') };

export function useSensitiveOperationsOnce(): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      addValidationRule(RULES[initialContextLanguage(context as InitialContext)]);
    },
  };
}
