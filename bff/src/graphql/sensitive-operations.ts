// Requirement G2: a sensitive action (signing in, registering, password reset, vouchers, newsletter,
// complaint) may appear at most once in a GraphQL document, so aliases cannot multiply attempts
// ("a1: login(...) a2: login(...) ..."). A validation rule: a document that breaks it is refused
// before anything runs. Fragments and inline fragments are followed; only top-level fields count
// (these actions are all root fields), and names not in the schema yet are simply never found.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Request } from 'express';
import type { Language } from './context.ts';
import { readCookie } from '../http/cookies.ts';
import { message } from '../i18n/messages.ts';

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
  'submitComplaint',
  // an e-mail address given per request (services/availability-watch.ts)
  'watchAvailability',
  'cancelAvailabilityWatches',
]);

/** How often each sensitive field is selected at the top level of the document's operations. */
export function countSensitiveFields(context: ValidationContext): Map<string, number> {
  const counts = new Map<string, number>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // `path` holds the fragments being expanded: a cyclic spread (refused by another rule, which runs
  // alongside this one) must not loop here
  const walk = (selectionSet: SelectionSetNode, path: ReadonlySet<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (SENSITIVE_FIELDS.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, path);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !path.has(fragment.name.value)) walk(fragment.selectionSet, new Set([...path, fragment.name.value]));
      }
    }
  };
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet, new Set());
  }
  return counts;
}

function sensitiveOnceRule(language: Language): ValidationRule {
  const rule = (context: ValidationContext): ASTVisitor => ({
    Document: {
      leave() {
        for (const [field, count] of countSensitiveFields(context)) {
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

const RULES: Record<Language, ValidationRule> = { cs: sensitiveOnceRule('cs'), en: sensitiveOnceRule('en') };

type InitialContext = { req?: Request; request?: { headers: Headers } };

// Validation runs before the GraphQL context exists: the language comes from the request the way
// yoga.ts's requestLanguage reads it (x-shop-language header, then the lang cookie).
function languageOf(context: InitialContext): Language {
  const header = context.request?.headers.get('x-shop-language');
  if (header === 'cs' || header === 'en') return header;
  return context.req && readCookie(context.req, 'lang') === 'en' ? 'en' : 'cs';
}

export function useSensitiveOperationsOnce(): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      addValidationRule(RULES[languageOf(context as InitialContext)]);
    },
  };
}
