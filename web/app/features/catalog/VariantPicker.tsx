// Size and colour choice. A colour is preselected (the first one in stock); the size is the
// shopper's choice unless there is only one.
import { useTranslation } from '../../i18n/index.ts';

export type PickerVariant = {
  id: string;
  size?: string | null;
  stock: number;
  colour?: { code: string; name: string; hex: string } | null;
};

export function distinctColours(variants: PickerVariant[]) {
  const seen = new Map<string, { code: string; name: string; hex: string }>();
  for (const variant of variants) if (variant.colour && !seen.has(variant.colour.code)) seen.set(variant.colour.code, variant.colour);
  return [...seen.values()];
}

export function distinctSizes(variants: PickerVariant[]) {
  return [...new Set(variants.map((variant) => variant.size).filter((size): size is string => !!size))];
}

export function findVariant<V extends PickerVariant>(variants: V[], colour: string | null, size: string | null): V | undefined {
  return variants.find(
    (variant) => (variant.colour?.code ?? null) === colour && (variant.size ?? null) === size,
  );
}

type Props = {
  variants: PickerVariant[];
  colour: string | null;
  size: string | null;
  onColour: (code: string) => void;
  onSize: (size: string) => void;
  invalid: boolean;
};

export function VariantPicker({ variants, colour, size, onColour, onSize, invalid }: Props) {
  const { t } = useTranslation();
  const colours = distinctColours(variants);
  const sizes = distinctSizes(variants);
  return (
    <div className="variant-picker">
      {colours.length > 0 && (
        <fieldset className="variant-picker__group">
          <legend>
            {t('product.colour')}: <strong>{colours.find((c) => c.code === colour)?.name ?? t('product.chooseColour')}</strong>
          </legend>
          <div className="swatches">
            {colours.map((option) => (
              <label key={option.code} className="swatch" title={option.name}>
                <input type="radio" name="colour" value={option.code} checked={colour === option.code} onChange={() => onColour(option.code)} />
                <span className="swatch__dot" style={{ background: option.hex }} aria-hidden="true" />
                <span className="visually-hidden">{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset className="variant-picker__group" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'variant-error' : undefined}>
          <legend>{t('product.chooseSize')}</legend>
          <div className="sizes">
            {sizes.map((option) => {
              const variant = findVariant(variants, colour, option);
              const soldOut = !variant || variant.stock === 0;
              return (
                <label key={option} className={`size${soldOut ? ' size--sold-out' : ''}`}>
                  <input type="radio" name="size" value={option} checked={size === option} disabled={!variant} onChange={() => onSize(option)} />
                  <span>{option}</span>
                  {soldOut && <span className="visually-hidden"> – {t('product.soldOut')}</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
