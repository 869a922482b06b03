// The new password and its confirmation, shared by the e-mailed link's page and the account's
// password change (the rules are schema/rules/identity.ts's, which the BFF runs too).
import { useTranslation } from '../../i18n/index.ts';
import { Field, useForm, type UseFormResult } from '../../components/ui/form/index.ts';
import { changePasswordFormSchema, PASSWORD_MAX_LENGTH } from '../../../../schema/rules/identity.ts';
import type { Language } from '../../language.ts';

type NewPasswordValues = { oldPassword: string; password: string; passwordConfirmation: string };

/** The form; with `withOldPassword` the current password is asked for too. */
export function useNewPasswordForm(language: Language, withOldPassword = false): UseFormResult<NewPasswordValues> {
  const { oldPassword, ...rest } = changePasswordFormSchema;
  return useForm<NewPasswordValues>({
    initialValues: { oldPassword: '', password: '', passwordConfirmation: '' },
    schema: withOldPassword ? { oldPassword, ...rest } : rest,
    locale: language,
  });
}

export function NewPasswordFields({ form, withOldPassword = false }: { form: UseFormResult<NewPasswordValues>; withOldPassword?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withOldPassword ? (
        <Field
          label={t('identity.reset.oldPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={form.errors.oldPassword}
          {...form.fieldProps('oldPassword')}
        />
      ) : null}
      <Field
        label={t('identity.reset.password')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        hint={t('identity.registration.passwordHint')}
        error={form.errors.password}
        {...form.fieldProps('password')}
      />
      <Field
        label={t('identity.reset.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={form.errors.passwordConfirmation}
        {...form.fieldProps('passwordConfirmation')}
      />
    </>
  );
}
