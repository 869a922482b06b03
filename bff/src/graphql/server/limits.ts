// Every limit the API puts on one request, in one place (requirements G1, G6, O3).
// The refusals name the limit but never its value, so an attacker cannot tune a document to it.

export const OPERATION_LIMITS = {
  /** Nesting of fields, fragments flattened. */
  depth: 8,
  aliases: 15,
  directives: 50,
  /**
   * Field selections with every fragment spread expanded (operation-limits.ts). The shop's largest
   * document, the category page, has about 390 (tests/unit/bff/cost.test.ts keeps every one under half
   * of this); fragments that spread each other twice over 30 levels make a billion.
   */
  expandedFields: 2_000,
  /** Lexical tokens of the document. */
  tokens: 1000,
  /** Characters of the document text. */
  documentLength: 15_000,
  /**
   * Estimated objects the operation may resolve (see cost.ts). The shop's heaviest document, a
   * category page showing 96 products after "load more", costs about 390; the checkout about 150
   * (tests/unit/bff/cost.test.ts prints every one and keeps them under half of this).
   */
  cost: 2_000,
  /** Bytes of a POST /graphql body. */
  bodyBytes: 100_000,
  /** The longest string any argument or input field accepts unless stricter rules apply. */
  stringLength: 2_000,
} as const;

/** Objects computed from their parent's data without any I/O: they cost nothing (cost.ts). */
export const VALUE_TYPES: ReadonlySet<string> = new Set(['Price', 'PageInfo', 'FieldError', 'VatRecapRow', 'VoucherAmount', 'PostalAddress', 'SearchCorrection']);

/** The list size cost.ts assumes for list fields without a `first` argument. */
export const DEFAULT_LIST_SIZE = 10;

/** Known sizes of lists that are bounded by the data model or that grow larger than the default. */
export const LIST_SIZES: Record<string, number> = {
  'Query.categories': 40,
  'Category.children': 20,
  // the demo catalog has 8 on average: sizes of one or two colours
  'Product.variants': 12,
  'Product.similar': 8,
  'Cart.lines': 30,
  // services/wishlist.ts MAX_WISHLIST_ITEMS
  'Wishlist.items': 100,
  'SharedWishlist.items': 100,
};

/** Page size assumed for a paginated field whose `first` is not given (pagination.ts's default). */
export const DEFAULT_PAGE_SIZE_FOR_COST = 12;
