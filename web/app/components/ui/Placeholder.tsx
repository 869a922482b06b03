import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { href, useLanguage } from '../../language.ts';

/** A screen of the spec that a later release builds: its title and a clear way on. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="container page placeholder" data-testid="placeholder">
      <h1>{title}</h1>
      <p>{t('placeholder.text')}</p>
      <Link className="button button--primary" to={href('home', language)}>
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}
