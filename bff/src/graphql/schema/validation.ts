// Mutations declare their input rules once (the same rules the web forms run, from schema/rules)
// and get a typed ValidationError, in the request's language, before any database work.
import { validateForm, type FormSchema } from '../../../../schema/rules/index.ts';
import type { Context } from '../context.ts';
import { ValidationError } from './errors.ts';
import { message } from '../../i18n/messages.ts';

export function validateInput(ctx: Context, values: Record<string, unknown>, schema: FormSchema): void {
  const errors = validateForm(values, schema, ctx.language);
  const fieldErrors = Object.entries(errors).map(([field, text]) => ({ field, message: text }));
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', ctx.language));
}
