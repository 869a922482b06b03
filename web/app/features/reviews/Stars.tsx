// Stars of a rating (1–5, an average with a fraction too), drawn as text: five ★ with the filled part
// over five ☆. Screen readers hear the rating in words instead ("Hodnocení 4,3 z 5").
import { useTranslation } from '../../i18n/index.ts';
import { useLanguage } from '../../language.ts';
import { formatRating, MAX_RATING } from '../../../../schema/rules/review.ts';

export function Stars({ rating, count, className = '' }: { rating: number; count?: number; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = Math.max(0, Math.min(100, (rating / MAX_RATING) * 100));
  const label = t('reviews.starsLabel', { rating: formatRating(rating, language), max: MAX_RATING });
  return (
    <span className={`stars ${className}`.trim()} data-testid="stars">
      <span className="stars__glyphs" aria-hidden="true">
        <span className="stars__empty">{'☆'.repeat(MAX_RATING)}</span>
        <span className="stars__full" style={{ width: `${percent}%` }}>
          {'★'.repeat(MAX_RATING)}
        </span>
      </span>
      <span className="visually-hidden">{label}</span>
      {count !== undefined && <span className="stars__count">{t('reviews.count', { count })}</span>}
    </span>
  );
}
