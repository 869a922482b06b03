// The visible part of the captcha: one quiet status line (announced politely to screen readers)
// and the error at the field, with a retry. The proof of work runs by itself; nothing to click.
import { useTranslation } from '../../i18n/index.ts';
import type { CaptchaControl } from './useCaptcha.ts';

export function Captcha({ captcha, id }: { captcha: CaptchaControl; id: string }) {
  const { t } = useTranslation();
  const text =
    captcha.state === 'loading' ? t('captcha.loading') : captcha.state === 'loaded' ? t('captcha.loaded') : t('captcha.notLoaded');
  return (
    <div className="captcha" data-captcha-state={captcha.state} data-captcha-action={captcha.action}>
      <p className="captcha__status" role="status" aria-live="polite">
        <span className="captcha__icon" aria-hidden="true">
          {captcha.state === 'loaded' ? '✓' : '🛡'}
        </span>
        {text}
      </p>
      {captcha.error ? (
        <p id={`${id}-error`} className="field__error captcha__error" role="alert">
          {captcha.error}{' '}
          <button type="button" className="captcha__retry" onClick={captcha.prepare}>
            {t('captcha.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
