// @vitest-environment jsdom
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Field, useForm } from '../../../web/app/components/ui/form/index.ts';
import {
  VALIDATION_DEBOUNCE_MS,
  confirmed,
  email,
  min,
  required,
  type Locale,
} from '../../../schema/rules/index.ts';

const schema = {
  email: [required, email],
  password: [required, min(8)],
  passwordAgain: [required, confirmed('password')],
  consent: [required],
};

interface Props {
  locale?: Locale;
  onSubmit?: (values: Record<string, unknown>) => Record<string, string> | void;
}

function RegistrationForm({ locale = 'cs', onSubmit = () => {} }: Props) {
  const form = useForm({
    initialValues: { email: '', password: '', passwordAgain: '', consent: false, country: 'CZ' },
    schema,
    locale,
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const serverErrors = onSubmit(values);
        if (serverErrors) form.setServerErrors(serverErrors);
      })}
    >
      <Field label="E-mail" type="email" error={form.errors.email} {...form.fieldProps('email')} />
      <Field
        label="Heslo"
        type="password"
        hint="Alespoň 8 znaků."
        error={form.errors.password}
        {...form.fieldProps('password')}
      />
      <Field label="Heslo znovu" type="password" error={form.errors.passwordAgain} {...form.fieldProps('passwordAgain')} />
      <label>
        <input {...form.checkboxProps('consent')} /> Souhlasím
      </label>
      {form.errors.consent ? <p role="alert">{form.errors.consent}</p> : null}
      <Field label="Země" error={form.errors.country} {...form.fieldProps('country')}>
        {(control) => (
          <select {...control}>
            <option value="CZ">Česko</option>
            <option value="SK">Slovensko</option>
          </select>
        )}
      </Field>
      <button type="button" onClick={() => form.setValue('email', 'not-an-email')}>
        Vyplnit
      </button>
      <button type="button" onClick={() => form.setServerErrors({ email: 'Chyba ze serveru.' })}>
        Odpověď serveru
      </button>
      <button type="submit">Registrovat</button>
      <output data-testid="touched">{Object.keys(form.touched).sort().join(',')}</output>
    </form>
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function errorOf(input: HTMLElement): HTMLElement | null {
  const describedBy = input.getAttribute('aria-describedby');
  if (!describedBy) return null;
  const ids = describedBy.split(' ');
  const errorElement = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field__error'));
  return errorElement ?? null;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useForm with Field', () => {
  it('shows the message after blur, linked to the input', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);

    fireEvent.blur(input);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Toto pole je povinné.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(alert.classList.contains('field__error')).toBe(true);
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(true);
    expect(screen.getByTestId('touched').textContent).toBe('email');
  });

  it('removes the message once the value is fixed', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail');
    type(input, 'jan');
    fireEvent.blur(input);
    expect(errorOf(input)?.textContent).toBe('Pole musí obsahovat platný email.');

    type(input, 'jan@example.cz');
    advance(VALIDATION_DEBOUNCE_MS);

    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(false);
    expect((input as HTMLInputElement).value).toBe('jan@example.cz');
  });

  it('validates typed input only after the 5 ms debounce', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail');

    type(input, 'jan');
    advance(VALIDATION_DEBOUNCE_MS - 1);
    expect(screen.queryByRole('alert')).toBeNull();

    advance(1);
    expect(screen.getByRole('alert').textContent).toBe('Pole musí obsahovat platný email.');
  });

  it('restarts the debounce on every keystroke', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail');

    type(input, 'j');
    advance(3);
    type(input, 'ja');
    advance(3);
    expect(screen.queryByRole('alert')).toBeNull();
    advance(2);
    expect(screen.getByRole('alert').textContent).toBe('Pole musí obsahovat platný email.');
  });

  it('validates at once on blur, without waiting for the debounce', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail');
    type(input, 'jan');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Pole musí obsahovat platný email.');
  });

  it('validates a value set from code after the debounce', () => {
    render(<RegistrationForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Vyplnit' }));
    const input = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(input.value).toBe('not-an-email');
    expect(screen.queryByRole('alert')).toBeNull();

    advance(VALIDATION_DEBOUNCE_MS);
    expect(errorOf(input)?.textContent).toBe('Pole musí obsahovat platný email.');
  });

  it('checks the confirmation against the other field', () => {
    render(<RegistrationForm />);
    type(screen.getByLabelText('Heslo'), 'dlouhé heslo');
    const again = screen.getByLabelText('Heslo znovu');
    type(again, 'jiné heslo');
    fireEvent.blur(again);
    expect(errorOf(again)?.textContent).toBe('Toto pole není validní.');

    type(again, 'dlouhé heslo');
    advance(VALIDATION_DEBOUNCE_MS);
    expect(errorOf(again)).toBeNull();
  });

  it('checks the confirmation again when the field it reads changes, and leaves a server message alone (issue 40, item 18)', () => {
    render(<RegistrationForm />);
    const password = screen.getByLabelText('Heslo');
    const again = screen.getByLabelText('Heslo znovu');
    type(password, 'dlouhé heslo');
    type(again, 'jiné heslo');
    fireEvent.blur(again);
    expect(errorOf(again)?.textContent).toBe('Toto pole není validní.');
    type(password, 'jiné heslo');
    advance(VALIDATION_DEBOUNCE_MS);
    expect(errorOf(again)).toBeNull();

    fireEvent.click(screen.getByText('Odpověď serveru'));
    type(password, 'ještě jiné heslo');
    advance(VALIDATION_DEBOUNCE_MS);
    expect(errorOf(screen.getByLabelText('E-mail'))?.textContent).toBe('Chyba ze serveru.');
  });

  it('takes the focus to the first invalid field of a refused submit and of a server answer (issue 40, item 17)', () => {
    render(<RegistrationForm />);
    const password = screen.getByLabelText('Heslo');
    type(screen.getByLabelText('E-mail'), 'jan@example.cz');
    advance(VALIDATION_DEBOUNCE_MS);
    fireEvent.click(screen.getByText('Registrovat'));
    expect(document.activeElement).toBe(password);

    screen.getByText('Registrovat').focus();
    fireEvent.click(screen.getByText('Odpověď serveru'));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });

  it('marks a required field with a star and aria-required', () => {
    render(<Field label="Jméno" required name="jmeno" id="jmeno" value="" onChange={() => {}} onBlur={() => {}} aria-invalid={false} />);
    const input = screen.getByLabelText('Jméno *');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('points aria-describedby at the hint, and at the error too when there is one', () => {
    render(<RegistrationForm />);
    const password = screen.getByLabelText('Heslo');
    const hintId = password.getAttribute('aria-describedby');
    expect(hintId).not.toBeNull();
    expect(document.getElementById(hintId!)?.textContent).toBe('Alespoň 8 znaků.');

    type(password, 'krátké');
    fireEvent.blur(password);
    const ids = password.getAttribute('aria-describedby')!.split(' ');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(hintId);
    expect(document.getElementById(ids[1])?.textContent).toBe('Vyplňte prosím minimálně 8 znaků.');
    expect(document.getElementById(ids[1])?.getAttribute('role')).toBe('alert');
  });

  it('validates everything on submit and does not submit an invalid form', () => {
    const onSubmit = vi.fn();
    render(<RegistrationForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Registrovat' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Toto pole je povinné.',
      'Toto pole je povinné.',
      'Toto pole je povinné.',
      'Toto pole je povinné.',
    ]);
    expect(screen.getByTestId('touched').textContent).toBe('consent,country,email,password,passwordAgain');
  });

  it('submits a valid form with its values', () => {
    const onSubmit = vi.fn();
    render(<RegistrationForm onSubmit={onSubmit} />);
    type(screen.getByLabelText('E-mail'), 'jan@example.cz');
    type(screen.getByLabelText('Heslo'), 'dlouhé heslo');
    type(screen.getByLabelText('Heslo znovu'), 'dlouhé heslo');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(screen.getByLabelText('Země'), { target: { value: 'SK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrovat' }));

    expect(onSubmit).toHaveBeenCalledWith({
      email: 'jan@example.cz',
      password: 'dlouhé heslo',
      passwordAgain: 'dlouhé heslo',
      consent: true,
      country: 'SK',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows server errors on their fields and keeps what the user typed', () => {
    render(
      <RegistrationForm
        onSubmit={() => ({ email: 'Tento e-mail je už registrován.', country: 'Do této země nedoručujeme.' })}
      />,
    );
    const input = screen.getByLabelText('E-mail') as HTMLInputElement;
    type(input, 'jan@example.cz');
    type(screen.getByLabelText('Heslo'), 'dlouhé heslo');
    type(screen.getByLabelText('Heslo znovu'), 'dlouhé heslo');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrovat' }));
    advance(VALIDATION_DEBOUNCE_MS * 10);

    expect(errorOf(input)?.textContent).toBe('Tento e-mail je už registrován.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(screen.getByLabelText('Země'))?.textContent).toBe('Do této země nedoručujeme.');
    expect(input.value).toBe('jan@example.cz');
    expect((screen.getByLabelText('Heslo') as HTMLInputElement).value).toBe('dlouhé heslo');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    // Editing the field replaces the server's verdict with the client's.
    type(input, 'jana@example.cz');
    advance(VALIDATION_DEBOUNCE_MS);
    expect(errorOf(input)).toBeNull();
    expect(errorOf(screen.getByLabelText('Země'))?.textContent).toBe('Do této země nedoručujeme.');
  });

  it('keeps a server error that arrives while a client check is still pending', () => {
    render(<RegistrationForm />);
    const input = screen.getByLabelText('E-mail') as HTMLInputElement;
    type(input, 'jan@example.cz');
    fireEvent.click(screen.getByRole('button', { name: 'Odpověď serveru' }));
    advance(VALIDATION_DEBOUNCE_MS * 2);
    expect(errorOf(input)?.textContent).toBe('Chyba ze serveru.');
    expect(input.value).toBe('jan@example.cz');
  });

  it('validates a checkbox on change', () => {
    render(<RegistrationForm />);
    const checkbox = screen.getByRole('checkbox');
    fireEvent.click(checkbox);
    fireEvent.click(checkbox);
    advance(VALIDATION_DEBOUNCE_MS);
    expect(screen.getByRole('alert').textContent).toBe('Toto pole je povinné.');
    fireEvent.click(checkbox);
    advance(VALIDATION_DEBOUNCE_MS);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks English on English pages', () => {
    render(<RegistrationForm locale="en" />);
    const input = screen.getByLabelText('E-mail');
    type(input, 'jan');
    advance(VALIDATION_DEBOUNCE_MS);
    expect(screen.getByRole('alert').textContent).toBe('This field must be a valid email.');
  });

  it('gives every field its own id within the form', () => {
    render(
      <>
        <RegistrationForm />
        <RegistrationForm />
      </>,
    );
    const ids = screen.getAllByLabelText('E-mail').map((input) => input.id);
    expect(new Set(ids).size).toBe(2);
  });
});
