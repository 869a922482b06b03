// Form state with the shop's validation timing: on blur, on change (debounced) and on programmatic updates.
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  VALIDATION_DEBOUNCE_MS,
  validateField,
  type Locale,
  type Rule,
} from '../../../../../schema/rules/index.ts';
import { fieldErrorId, fieldInputId } from './field-ids.ts';
import { focusFirstInvalid, formOfFirst } from './focus-error.ts';

export type FormValues = Record<string, unknown>;
export type FieldName<V extends FormValues> = keyof V & string;
export type FormErrors<V extends FormValues> = Partial<Record<FieldName<V>, string>>;
export type FormTouched<V extends FormValues> = Partial<Record<FieldName<V>, boolean>>;
export type FormRules<V extends FormValues> = Partial<Record<FieldName<V>, readonly Rule[]>>;

export interface UseFormOptions<V extends FormValues> {
  initialValues: V;
  /** Messages to show from the first render (a form posted without JavaScript and refused). */
  initialErrors?: FormErrors<V>;
  schema: FormRules<V>;
  locale: Locale;
  debounceMs?: number;
}

type ControlElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Props for a text input, textarea or select bound to one field. */
export interface FieldInputProps {
  name: string;
  id: string;
  value: string;
  onChange: (event: ChangeEvent<ControlElement>) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** Props for a checkbox bound to a boolean field. */
export interface CheckboxInputProps extends Omit<FieldInputProps, 'value'> {
  type: 'checkbox';
  checked: boolean;
}

export interface UseFormResult<V extends FormValues> {
  values: V;
  errors: FormErrors<V>;
  touched: FormTouched<V>;
  /** Sets a value from code (not typed by the user); it is validated like a typed one. */
  setValue: <K extends FieldName<V>>(name: K, value: V[K]) => void;
  /** Validates every field now, marks them all touched; true when the form is valid. */
  validateAll: () => boolean;
  /**
   * Shows a server ValidationError's field messages; the typed values stay as they are. Like a refused
   * validateAll, it takes the keyboard and the screen to the form's first invalid control, unless
   * `focus: false` (messages restored on a page's load, not the answer to a submit).
   */
  setServerErrors: (fieldErrors: Record<string, string>, options?: { focus?: boolean }) => void;
  handleSubmit: (onValid: (values: V) => void) => (event?: FormEvent) => void;
  reset: (nextValues?: V) => void;
  fieldProps: (name: FieldName<V>) => FieldInputProps;
  checkboxProps: (name: FieldName<V>) => CheckboxInputProps;
}

function toInputValue(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function readControlValue(element: ControlElement): unknown {
  return element.type === 'checkbox' ? (element as HTMLInputElement).checked : element.value;
}

function withError<E extends Record<string, string | undefined>>(errors: E, name: string, message: string | null): E {
  if (message === null) {
    if (!(name in errors)) return errors;
    const next = { ...errors };
    delete next[name];
    return next;
  }
  return errors[name] === message ? errors : { ...errors, [name]: message };
}

export function useForm<V extends FormValues>({
  initialValues,
  initialErrors,
  schema,
  locale,
  debounceMs = VALIDATION_DEBOUNCE_MS,
}: UseFormOptions<V>): UseFormResult<V> {
  const formId = useId();
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>(initialErrors ?? {});
  const [touched, setTouched] = useState<FormTouched<V>>({});
  const touchedRef = useRef(new Set<string>());
  // fields showing the server's message: a check of another field must not replace it with the client's
  const serverMessagesRef = useRef(new Set<string>(Object.keys(initialErrors ?? {})));
  // set by a refused submit: the next render with its messages moves the focus to the first one
  const focusPendingRef = useRef(false);

  // Debounced validation runs after the render that stored the value, so it reads everything from refs.
  const valuesRef = useRef<V>(initialValues);
  const settingsRef = useRef({ schema, locale, debounceMs });
  const timersRef = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    settingsRef.current = { schema, locale, debounceMs };
  }, [schema, locale, debounceMs]);

  useEffect(() => {
    const timers = timersRef.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const cancelPendingValidation = useCallback((name: string) => {
    const timer = timersRef.current.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timersRef.current.delete(name);
  }, []);

  /**
   * Checks a field, and with it every other field already touched or showing a message, because a rule
   * may read another field (the postcode its country, a confirmation its password): 'Zadejte platné
   * PSČ.' must go when the country changes to the postcode's. A field showing the server's message
   * keeps it until it is itself changed.
   */
  const validateNow = useCallback(
    (name: string) => {
      cancelPendingValidation(name);
      serverMessagesRef.current.delete(name);
      const { schema: rules, locale: currentLocale } = settingsRef.current;
      const check = (field: string) => validateField(valuesRef.current[field], rules[field as FieldName<V>] ?? [], currentLocale, valuesRef.current);
      const message = check(name);
      setErrors((current) => {
        let next = withError(current, name, message);
        for (const other of Object.keys(rules)) {
          if (other === name || serverMessagesRef.current.has(other) || timersRef.current.has(other)) continue;
          if (touchedRef.current.has(other) || other in current) next = withError(next, other, check(other));
        }
        return next;
      });
    },
    [cancelPendingValidation],
  );

  const validateSoon = useCallback(
    (name: string) => {
      cancelPendingValidation(name);
      const delay = settingsRef.current.debounceMs;
      if (delay <= 0) {
        validateNow(name);
        return;
      }
      timersRef.current.set(
        name,
        setTimeout(() => validateNow(name), delay),
      );
    },
    [cancelPendingValidation, validateNow],
  );

  const setValue = useCallback(
    <K extends FieldName<V>>(name: K, value: V[K]) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues(valuesRef.current);
      validateSoon(name);
    },
    [validateSoon],
  );

  const markTouched = useCallback((names: string[]) => {
    for (const name of names) touchedRef.current.add(name);
    setTouched((current) => {
      const next = { ...current };
      for (const name of names) next[name as FieldName<V>] = true;
      return next;
    });
  }, []);

  const handleBlur = useCallback(
    (name: string) => {
      markTouched([name]);
      validateNow(name);
    },
    [markTouched, validateNow],
  );

  const validateAll = useCallback(() => {
    const { schema: rules, locale: currentLocale } = settingsRef.current;
    const names = [...new Set([...Object.keys(valuesRef.current), ...Object.keys(rules)])];
    const nextErrors: FormErrors<V> = {};
    for (const name of names) {
      cancelPendingValidation(name);
      const fieldRules = rules[name as FieldName<V>] ?? [];
      const message = validateField(valuesRef.current[name], fieldRules, currentLocale, valuesRef.current);
      if (message !== null) nextErrors[name as FieldName<V>] = message;
    }
    serverMessagesRef.current.clear();
    setErrors(nextErrors);
    markTouched(names);
    const valid = Object.keys(nextErrors).length === 0;
    if (!valid) focusPendingRef.current = true;
    return valid;
  }, [cancelPendingValidation, markTouched]);

  const setServerErrors = useCallback(
    (fieldErrors: Record<string, string>, { focus = true }: { focus?: boolean } = {}) => {
      const names = Object.keys(fieldErrors);
      // A pending client check must not replace the server's message a few milliseconds later.
      for (const name of names) {
        cancelPendingValidation(name);
        serverMessagesRef.current.add(name);
      }
      setErrors((current) => ({ ...current, ...fieldErrors }));
      markTouched(names);
      if (focus && names.length > 0) focusPendingRef.current = true;
    },
    [cancelPendingValidation, markTouched],
  );

  // after the render that shows a refused submit's messages
  useEffect(() => {
    if (!focusPendingRef.current) return;
    focusPendingRef.current = false;
    const root = formOfFirst(Object.keys(errors).map((name) => fieldInputId(formId, name)));
    if (root) focusFirstInvalid(root);
  }, [errors, formId]);

  const handleSubmit = useCallback(
    (onValid: (submitted: V) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      if (validateAll()) onValid(valuesRef.current);
    },
    [validateAll],
  );

  const reset = useCallback(
    (nextValues: V = initialValues) => {
      for (const timer of timersRef.current.values()) clearTimeout(timer);
      timersRef.current.clear();
      valuesRef.current = nextValues;
      touchedRef.current.clear();
      serverMessagesRef.current.clear();
      setValues(nextValues);
      setErrors({});
      setTouched({});
    },
    [initialValues],
  );

  const ariaProps = (name: string) => {
    const id = fieldInputId(formId, name);
    const showsError = errors[name as FieldName<V>] !== undefined;
    return {
      name,
      id,
      onBlur: () => handleBlur(name),
      'aria-invalid': showsError,
      ...(showsError ? { 'aria-describedby': fieldErrorId(id) } : {}),
    };
  };

  const fieldProps = (name: FieldName<V>): FieldInputProps => ({
    ...ariaProps(name),
    value: toInputValue(values[name]),
    onChange: (event) => setValue(name, readControlValue(event.target) as V[typeof name]),
  });

  const checkboxProps = (name: FieldName<V>): CheckboxInputProps => ({
    ...ariaProps(name),
    type: 'checkbox',
    checked: values[name] === true,
    onChange: (event) => setValue(name, readControlValue(event.target) as V[typeof name]),
  });

  return {
    values,
    errors,
    touched,
    setValue,
    validateAll,
    setServerErrors,
    handleSubmit,
    reset,
    fieldProps,
    checkboxProps,
  };
}
