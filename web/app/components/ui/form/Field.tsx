import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldErrorId, fieldHintId } from './field-ids.ts';
import type { FieldInputProps } from './useForm.ts';

/** What Field hands to a custom control (select, textarea …) rendered through `children`. */
export interface FieldControlProps extends FieldInputProps {
  className: string;
  'aria-required'?: boolean | 'true' | 'false';
}

export interface FieldProps
  extends FieldInputProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldInputProps | 'children'> {
  label: ReactNode;
  /** The message to show; also decides aria-invalid and aria-describedby, so they always match what is shown. */
  error?: string | null;
  hint?: ReactNode;
  /** A field the form cannot go without: its label carries a visible star and the control aria-required. */
  required?: boolean;
  /** Renders another control instead of the default <input>. */
  children?: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and error message. Spread `form.fieldProps(name)` into it:
 * `<Field label="E-mail" type="email" error={form.errors.email} {...form.fieldProps('email')} />`.
 */
export function Field({ label, error, hint, required = false, children, className, ...input }: FieldProps) {
  const hintId = fieldHintId(input.id);
  const errorId = fieldErrorId(input.id);
  const showsError = typeof error === 'string' && error !== '';
  const describedBy = [hint ? hintId : null, showsError ? errorId : null].filter(Boolean).join(' ');

  const control: FieldControlProps = {
    ...input,
    className: className ? `field__input ${className}` : 'field__input',
    'aria-invalid': showsError,
    'aria-describedby': describedBy || undefined,
    ...(required ? { 'aria-required': true } : {}),
  };

  return (
    <div className={showsError ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={input.id}>
        {label}
        {required ? ' *' : null}
      </label>
      {children ? children(control) : <input {...control} />}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {showsError ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
