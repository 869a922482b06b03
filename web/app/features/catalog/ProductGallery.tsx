// The product's pictures: the main one and thumbnails to switch it. The main picture follows the
// chosen colour when the product has a picture of it; a thumbnail shows any picture.
import { useState } from 'react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';

export const ProductGalleryFieldsFragment = graphql(`
  fragment ProductGalleryFields on Product {
    name
    images {
      id
      url
      width
      height
      colourCode
    }
  }
`);

type Props = { product: FragmentType<typeof ProductGalleryFieldsFragment>; colour: string | null };

export function ProductGallery({ colour, ...props }: Props) {
  const product = getFragmentData(ProductGalleryFieldsFragment, props.product);
  const pictureOf = (code: string | null) => product.images.findIndex((picture) => code !== null && picture.colourCode === code);
  const [index, setIndex] = useState(() => Math.max(0, pictureOf(colour)));
  // another colour chosen: its picture, when there is one (state adjusted while rendering, not in an effect)
  const [shownColour, setShownColour] = useState(colour);
  if (colour !== shownColour) {
    setShownColour(colour);
    if (pictureOf(colour) >= 0) setIndex(pictureOf(colour));
  }
  const image = product.images[index] ?? product.images[0];
  return (
    <div className="gallery">
      {image && <img className="gallery__main" src={image.url} width={image.width} height={image.height} alt={product.name} fetchPriority="high" />}
      {product.images.length > 1 && (
        <ul className="gallery__thumbs">
          {product.images.map((picture, pictureIndex) => (
            <li key={picture.id}>
              <button type="button" aria-pressed={pictureIndex === index} onClick={() => setIndex(pictureIndex)}>
                <img src={picture.url} width={80} height={80} alt={`${product.name} – ${pictureIndex + 1}`} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
