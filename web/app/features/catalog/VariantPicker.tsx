// Size and colour choice. A colour is preselected (the first one in stock); the size is the
// shopper's choice unless there is only one.
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import type { VariantPickerFieldsFragment as PickerVariant } from '~/gql/graphql';

/** What the picker (and the no-JS form's reader) knows of each variant. */
export const VariantPickerFieldsFragment = graphql(`
  fragment VariantPickerFields on Variant {
    id
    size
    stock
    colour {
      code
      name
      hex
    }
  }
`);

export type VariantRef = FragmentType<typeof VariantPickerFieldsFragment>;

/** The variants as the picker's helpers below read them. */
export const pickerVariants = (variants: readonly VariantRef[]) => getFragmentData(VariantPickerFieldsFragment, variants);

export function distinctColours(variants: readonly PickerVariant[]) {
  const seen = new Map<string, { code: string; name: string; hex: string }>();
  for (const variant of variants) if (variant.colour && !seen.has(variant.colour.code)) seen.set(variant.colour.code, variant.colour);
  return [...seen.values()];
}

export function distinctSizes(variants: readonly PickerVariant[]) {
  return [...new Set(variants.map((variant) => variant.size).filter((size): size is string => !!size))];
}

export function findVariant(variants: readonly PickerVariant[], colour: string | null, size: string | null): PickerVariant | undefined {
  return variants.find(
    (variant) => (variant.colour?.code ?? null) === colour && (variant.size ?? null) === size,
  );
}

type Props = {
  variants: readonly VariantRef[];
  colour: string | null;
  size: string | null;
  onColour: (code: string) => void;
  onSize: (size: string) => void;
  invalid: boolean;
};

export function VariantPicker({ colour, size, onColour, onSize, invalid, ...props }: Props) {
  const variants = pickerVariants(props.variants);
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
