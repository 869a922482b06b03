export { Field, type FieldControlProps, type FieldProps } from './Field.tsx';
export {
  useForm,
  type CheckboxInputProps,
  type FieldInputProps,
  type FieldName,
  type FormErrors,
  type FormRules,
  type FormTouched,
  type FormValues,
  type UseFormOptions,
  type UseFormResult,
} from './useForm.ts';
export { fieldErrorId, fieldHintId, fieldInputId } from './field-ids.ts';
export { focusFirstInvalid } from './focus-error.ts';
