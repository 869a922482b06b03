// Element ids shared by useForm (aria-describedby on the input) and Field (the elements it points to).

export function fieldInputId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

export function fieldErrorId(inputId: string): string {
  return `${inputId}-error`;
}

export function fieldHintId(inputId: string): string {
  return `${inputId}-hint`;
}
