// Messages the server returns to shoppers, in both languages.
import type { Locale } from '../../../schema/rules/locale.ts';

const messages = {
  // reviews (services/reviews.ts)
  reviewNotAllowed: {
    cs: 'Hodnotit můžete jen zboží, které jste si u nás koupili a které už vám bylo doručeno nebo jste si ho vyzvedli.',
    en: 'You can only review goods you bought from us once they have been delivered or picked up.',
  },
  reviewSignInNeeded: { cs: 'Pro napsání recenze se prosím přihlaste.', en: 'Please sign in to write a review.' },
  variantNotChosen: { cs: 'Vyberte prosím variantu produktu.', en: 'Please select a product variant' },
  quantityNotAvailable: {
    cs: 'Požadované množství není k dispozici. Snižte prosím množství.',
    en: 'The requested quantity is not available. Please reduce the quantity',
  },
  pictureNotFound: { cs: 'Tento obrázek neexistuje.', en: 'This picture does not exist.' },
  variantNotFound: { cs: 'Tato varianta produktu už není v nabídce.', en: 'This product variant is no longer available.' },
  cartLineNotFound: { cs: 'Tato položka už v košíku není.', en: 'This item is no longer in the cart.' },
  quantityOutOfRange: { cs: 'Množství musí být od {min} do {max} kusů.', en: 'The quantity must be from {min} to {max} pieces.' },
  invalidInput: { cs: 'Zkontrolujte prosím zadané údaje.', en: 'Please check the information you entered.' },
  invalidId: { cs: 'Neplatný identifikátor (ID).', en: 'Invalid id.' },
  loginFailed: { cs: 'Při přihlašování nastala chyba. Zkontrolujte e-mail a heslo.', en: 'There was a problem logging in' },
  alreadySubscribed: { cs: 'Tento e-mail už odebírá naše novinky.', en: 'This e-mail is already subscribed to the newsletter.' },
  // captcha (services/captcha.ts)
  captchaMissing: { cs: 'Potvrďte prosím, že nejste robot.', en: 'Please confirm that you are not a robot.' },
  captchaInvalid: {
    cs: 'Ověření, že nejste robot, se nepodařilo. Zkuste to prosím znovu.',
    en: 'The check that you are not a robot failed. Please try again.',
  },
  captchaExpired: {
    cs: 'Ověření, že nejste robot, vypršelo. Potvrďte to prosím znovu.',
    en: 'The check that you are not a robot has expired. Please confirm again.',
  },
  // rate limits and once-per-request actions (rate-limit/rate-limit.ts, graphql/server/sensitive-operations.ts)
  tooManyLoginAttempts: {
    cs: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím znovu za {minutes} min.',
    en: 'Too many login attempts. Please try again in {minutes} min.',
  },
  tooManyOrders: {
    cs: 'Z tohoto připojení už přišlo příliš mnoho objednávek. Zkuste to prosím znovu za {minutes} min.',
    en: 'Too many orders have come from here. Please try again in {minutes} min.',
  },
  tooManyPiecesOrdered: {
    cs: 'Z jednoho připojení lze během {days} dní objednat nejvýš {limit} ks zboží „{name}“. Snižte prosím množství, nebo nás kontaktujte.',
    en: 'At most {limit} pieces of "{name}" can be ordered from one connection within {days} days. Please reduce the quantity or contact us.',
  },
  orderConfirmationInvalid: {
    cs: 'Tento odkaz pro potvrzení objednávky neplatí. Zkontrolujte, že jste ho z e-mailu zkopírovali celý.',
    en: 'This order confirmation link is not valid. Check that you copied the whole link from the e-mail.',
  },
  orderConfirmationUsed: {
    cs: 'Objednávka k tomuto odkazu už byla potvrzena. Její shrnutí jsme vám poslali e-mailem.',
    en: 'The order of this link has already been confirmed. We have sent you its summary by e-mail.',
  },
  orderConfirmationExpired: {
    cs: 'Platnost odkazu pro potvrzení objednávky vypršela a zboží už pro vás nedržíme. Odešlete prosím objednávku v pokladně znovu.',
    en: 'The order confirmation link has expired and the goods are no longer held for you. Please submit the order again at the checkout.',
  },
  tooManyAttempts: {
    cs: 'Příliš mnoho pokusů. Zkuste to prosím znovu za {minutes} min.',
    en: 'Too many attempts. Please try again in {minutes} min.',
  },
  operationOncePerRequest: {
    cs: 'Akci „{field}“ lze v jednom požadavku provést jen jednou.',
    en: 'The action "{field}" can be performed only once per request.',
  },
  // partner API (http/partner-auth.ts, graphql/schema/builder.ts)
  webhookDisabled: {
    cs: 'Webhook {url} jsme vypnuli, protože se na něj 24 hodin nedařilo nic doručit. Až bude adresa zase odpovídat, požádejte obchod o jeho zapnutí.',
    en: 'The webhook {url} was switched off because nothing could be delivered to it for 24 hours. Once it answers again, ask the shop to switch it back on.',
  },
  apiTokenInvalid: {
    cs: 'Přístupový token chybí, je neplatný nebo byl zrušen.',
    en: 'The access token is missing, invalid or revoked.',
  },
  // the public explorer (http/public-explorer.ts, graphql/server/public-explorer.ts)
  explorerOff: {
    cs: 'Veřejný průzkumník API je v tomto obchodě vypnutý: pošlete přístupový token (Authorization: Bearer …).',
    en: 'The public API explorer is off in this shop: send an access token (Authorization: Bearer …).',
  },
  explorerReadOnly: {
    cs: 'Veřejný průzkumník API spouští jen dotazy (query) na katalog; mutace potřebují přístupový token s oprávněním cart.',
    en: 'The public API explorer runs read-only catalog queries; mutations need an access token with the cart scope.',
  },
  apiRateLimited: {
    cs: 'Příliš mnoho požadavků. Zkuste to znovu za chvíli (viz hlavička Retry-After).',
    en: 'Too many requests. Try again shortly (see the Retry-After header).',
  },
  apiCostLimited: {
    cs: 'Dotazy tohoto tokenu vyčerpaly svůj rozpočet náročnosti na tuto minutu. Zkuste to znovu za chvíli (viz hlavička Retry-After).',
    en: "This token's queries have used up their cost budget for this minute. Try again shortly (see the Retry-After header).",
  },
  explorerCostLimited: {
    cs: 'Dotazy veřejného průzkumníka z této adresy vyčerpaly svůj rozpočet náročnosti na tuto minutu. Zkuste to znovu za chvíli (viz hlavička Retry-After).',
    en: "The public explorer's queries from this address have used up their cost budget for this minute. Try again shortly (see the Retry-After header).",
  },
  notAllowed: { cs: 'K tomuto údaji nebo akci nemáte oprávnění.', en: 'You are not allowed to access this data or action.' },
  // request guards (graphql/server/operation-limits.ts)
  queryTooComplex: {
    cs: 'Dotaz je příliš náročný. Požádejte o méně položek nebo méně vnořených údajů.',
    en: 'The query is too complex. Ask for fewer items or less nested data.',
  },
  // refusals made before the request's language is known (graphql/server/request-errors.ts)
  requestMalformed: {
    cs: 'Požadavek nelze zpracovat: není to platný požadavek GraphQL.',
    en: 'The request cannot be processed: it is not a valid GraphQL request.',
  },
  requestInvalidJson: { cs: 'Tělo požadavku není platný JSON.', en: 'The request body is not valid JSON.' },
  requestBatched: {
    cs: 'Více operací v jednom požadavku (batching) obchod nepřijímá: pošlete každou zvlášť.',
    en: 'Batching is not supported: send one operation per request.',
  },
  mutationNeedsPost: { cs: 'Změny (mutace) se posílají jen metodou POST.', en: 'A mutation must be sent with POST.' },
  queryUnreadable: { cs: 'Dotaz nelze přečíst ({detail}).', en: 'The query cannot be read ({detail}).' },
  // a variable that does not fit its type (graphql-js's coercion, e.g. a quantity of 1.5): request-errors.ts
  variableInvalid: {
    cs: 'Zadaná hodnota ({name}) není platná. Zkontrolujte prosím zadané údaje.',
    en: 'The value entered ({name}) is not valid. Please check the information you entered.',
  },
  variableMissing: { cs: 'Chybí povinná hodnota ({name}).', en: 'A required value is missing ({name}).' },
  queryTooDeep: { cs: 'Dotaz je vnořený příliš hluboko.', en: 'The query is nested too deeply.' },
  queryTooManyAliases: { cs: 'Dotaz obsahuje příliš mnoho aliasů.', en: 'The query has too many aliases.' },
  queryTooManyDirectives: { cs: 'Dotaz obsahuje příliš mnoho direktiv.', en: 'The query has too many directives.' },
  queryTooManyTokens: { cs: 'Dotaz obsahuje příliš mnoho tokenů.', en: 'The query has too many tokens.' },
  documentTooLong: { cs: 'Text dotazu je příliš dlouhý.', en: 'The query document is too long.' },
  bodyTooLarge: { cs: 'Tělo požadavku je příliš velké.', en: 'The request body is too large.' },
  persistedQueryUnknown: {
    cs: 'Tuto verzi stránky už obchod nezná. Obnovte prosím stránku.',
    en: 'The shop no longer knows this version of the page. Please reload the page.',
  },
  persistedQueryOnly: {
    cs: 'Obchod přijímá jen dotazy svých vlastních stránek. Aplikace partnerů posílají vlastní dotazy s přístupovým tokenem.',
    en: "The shop accepts only its own pages' queries. Partner apps send their own queries with an access token.",
  },
  pageSizeOutOfRange: {
    cs: 'Počet položek na stránku (first) musí být od 1 do {max}.',
    en: 'The page size (first) must be from 1 to {max}.',
  },
  pagePositionInvalid: { cs: 'Neplatná pozice ve výpisu (after nebo offset).', en: 'Invalid position in the list (after or offset).' },
  inputTooLong: { cs: 'Zadaný text je příliš dlouhý.', en: 'The text you entered is too long.' },
  inputTooManyItems: { cs: 'Požadavek obsahuje příliš mnoho položek.', en: 'The request contains too many items.' },
  inputInvalidCharacters: {
    cs: 'Zadaný text obsahuje nepovolené znaky.',
    en: 'The text you entered contains characters that are not allowed.',
  },
  // event streams of subscriptions (graphql/server/stream-limits.ts)
  streamNeedsEventStream: {
    cs: 'Odběr změn se posílá jako server-sent events: pošlete hlavičku Accept: text/event-stream.',
    en: 'A subscription is sent as server-sent events: send the header Accept: text/event-stream.',
  },
  tooManyStreams: {
    cs: 'Tento klient má otevřeno příliš mnoho živých odběrů změn. Zavřete některý, nebo to zkuste znovu za chvíli (viz hlavička Retry-After).',
    en: 'This client has too many live change streams open. Close one or try again shortly (see the Retry-After header).',
  },
  streamsUnavailable: {
    cs: 'Živý odběr změn teď není k dispozici. Zkuste to prosím znovu za chvíli; mezitím lze obsazenost načítat dotazem.',
    en: 'Live change streams are not available right now. Please try again shortly; meanwhile, read the availability with a query.',
  },
  requestTimedOut: {
    cs: 'Požadavek trval příliš dlouho. Zkuste to prosím znovu.',
    en: 'The request took too long. Please try again.',
  },
  // vouchers (services/vouchers.ts): one message per rule of spec section 5
  voucherCodeEmpty: { cs: 'Kód voucheru je prázdný.', en: 'The voucher code is empty.' },
  voucherCodeEmptyHint: { cs: 'Zadejte kód voucheru do pole.', en: 'Enter the voucher code in the field.' },
  voucherNotFound: { cs: 'Voucher s tímto kódem neexistuje.', en: 'A voucher with this code does not exist.' },
  voucherEmailRequired: {
    cs: 'Tento voucher patří k e-mailové adrese. Pro jeho ověření zadejte svůj e-mail.',
    en: 'This voucher belongs to an e-mail address. Enter your e-mail to check it.',
  },
  voucherEmailMismatch: {
    cs: 'Voucher nebyl vystaven pro zadaný e-mail.',
    en: 'The voucher was not issued for the e-mail you entered.',
  },
  voucherCapacityExhausted: {
    cs: 'Kapacita tohoto voucheru je už vyčerpána.',
    en: 'The voucher’s capacity is exhausted.',
  },
  voucherAlreadyAdded: { cs: 'Tento voucher už v košíku máte.', en: 'This voucher is already in your cart.' },
  voucherExpired: { cs: 'Platnost voucheru už skončila.', en: 'The voucher is no longer available.' },
  voucherNotYetValid: { cs: 'Voucher bude možné uplatnit od {date}.', en: 'The voucher is not available yet; it can be used from {date}.' },
  voucherWrongCustomer: {
    cs: 'Tento voucher nebyl vystaven pro váš účet. Pokud vám patří, přihlaste se.',
    en: 'This voucher was not issued for your account. If it is yours, please log in.',
  },
  voucherMinimumNotMet: {
    cs: 'Voucher lze uplatnit při nákupu zboží v hodnotě alespoň',
    en: 'The voucher can be used when the goods in the cart are worth at least',
  },
  voucherAlreadyUsed: {
    cs: 'Tento voucher jste už použili. Každý zákazník ho může uplatnit jen jednou.',
    en: 'You have already used this voucher; each customer can use it only once.',
  },
  voucherWrongCurrency: {
    cs: 'Tento voucher platí jen pro nákupy v měně {currency}.',
    en: 'This voucher is valid only for purchases in {currency}.',
  },
  voucherTooMany: { cs: 'V košíku mohou být nejvýše {max} vouchery.', en: 'A cart can hold at most {max} vouchers.' },
  voucherNeedsCart: {
    cs: 'Voucher můžete uplatnit, až budete mít zboží v košíku.',
    en: 'Put some goods in your cart before applying a voucher.',
  },
  voucherRemoveNeedsCart: {
    cs: 'Voucher nelze odebrat: košík nebyl nalezen. Zkuste to prosím později.',
    en: 'Failed to delete the voucher: no cart was found. Please try again later.',
  },
  // checkout and orders (services/checkout.ts, services/orders.ts); the checkout form's own
  // messages (spec section 5) are in schema/rules/checkout.ts, shared with the web
  cartEmpty: { cs: 'Košík je prázdný.', en: 'Your cart is empty.' },
  addressNotFound: { cs: 'Tuto adresu nemáte uloženou.', en: 'You have no saved address like this.' },
  deliveryMethodUnknown: { cs: 'Tento způsob dopravy už nenabízíme.', en: 'This delivery method is no longer offered.' },
  paymentMethodUnknown: { cs: 'Tento způsob platby už nenabízíme.', en: 'This payment method is no longer offered.' },
  pickupPointUnknown: { cs: 'Toto výdejní místo nenacházíme. Vyberte prosím jiné.', en: 'We cannot find this pick-up point. Please select another one.' },
  storeUnknown: { cs: 'Tuto prodejnu nenacházíme. Vyberte prosím jinou.', en: 'We cannot find this branch. Please select another one.' },
  ticketsOnlyNoDelivery: {
    cs: 'Vstupenky posíláme e-mailem, objednávka samotných vstupenek se proto obejde bez dopravy i doručovací adresy.',
    en: 'Tickets are sent by e-mail, so an order of tickets only has no delivery method or delivery address.',
  },
  voucherBlocksOrder: {
    cs: 'Voucher už nelze uplatnit. Odeberte ho prosím z košíku.',
    en: 'The voucher can no longer be used. Please remove it from the cart.',
  },
  orderCannotBeSubmitted: { cs: 'Objednávku nelze odeslat.', en: 'The order cannot be submitted.' },
  orderChanged: {
    cs: 'Od chvíle, kdy jste košík viděli, se něco změnilo. Zkontrolujte prosím změny a novou cenu a objednávku odešlete znovu.',
    en: 'Something has changed since you last saw your cart. Please check the changes and the new total and submit the order again.',
  },
  orderChangePrice: { cs: '{name}: cena se změnila z {previous} na {current}.', en: '{name}: the price changed from {previous} to {current}.' },
  orderChangeQuantity: { cs: '{name}: množství se změnilo z {previous} na {current} ks.', en: '{name}: the quantity changed from {previous} to {current}.' },
  orderChangeStock: {
    cs: '{name}: skladem zbývá jen {available} ks. Snižte prosím množství.',
    en: '{name}: only {available} left in stock. Please reduce the quantity.',
  },
  orderChangeLineRemoved: { cs: '{name}: položka už v košíku není.', en: '{name}: the item is no longer in the cart.' },
  orderChangeLineAdded: { cs: '{name}: položka v košíku přibyla.', en: '{name}: the item was added to the cart.' },
  orderChangeMethodWithdrawn: { cs: '{name}: tento způsob už nenabízíme, vyberte prosím jiný.', en: '{name}: no longer offered, please choose another one.' },
  orderChangeMethodPrice: { cs: '{name}: cena je nyní {current} (dříve {previous}).', en: '{name}: the price is now {current} (was {previous}).' },
  orderChangeVoucherInvalid: { cs: 'Voucher {code} už nelze uplatnit.', en: 'The voucher {code} can no longer be used.' },
  orderChangeVoucherDiscount: {
    cs: 'Sleva voucheru {code} je nyní {current} (dříve {previous}).',
    en: 'The discount of voucher {code} is now {current} (was {previous}).',
  },
  orderChangeTotal: { cs: 'Celkem k úhradě je nyní {current} (dříve {previous}).', en: 'The total to pay is now {current} (was {previous}).' },
  orderChangeReview: { cs: 'Zkontrolujte prosím obsah košíku a cenu.', en: 'Please review your cart and the total.' },
  orderNotFound: { cs: 'Objednávka nebyla nalezena.', en: 'Order not found.' },
  somethingWentWrong: { cs: 'Něco se pokazilo, zkuste to prosím znovu.', en: 'Something went wrong, please try again' },
  serviceUnavailable: {
    cs: 'Obchod je na chvíli nedostupný. Zkuste to prosím za několik sekund znovu.',
    en: 'The shop is briefly unavailable. Please try again in a few seconds.',
  },
  // account pages (services/addresses.ts, services/ares.ts)
  addressSaveFailed: { cs: 'Adresu se nepodařilo uložit. Zkontrolujte prosím zadané údaje.', en: 'The address could not be saved. Please check the information you entered.' },
  addressDeleteFailed: { cs: 'Adresu se nepodařilo smazat.', en: 'The address could not be deleted' },
  addressLimit: { cs: 'Uložit můžete nejvýše {max} adres. Nějakou prosím nejdřív smažte.', en: 'You can save at most {max} addresses. Please delete one first.' },
  invoiceDetailsSaveFailed: {
    cs: 'Fakturační údaje se nepodařilo uložit. Zkontrolujte prosím zadané údaje.',
    en: 'The invoice details could not be saved. Please check the information you entered.',
  },
  companyNotFound: { cs: 'Firmu s tímto IČO jsme v obchodním rejstříku nenašli.', en: 'No company with this company ID was found in the register.' },
  companyLookupFailed: { cs: 'Chyba při načítání dat, zkuste to prosím znovu.', en: 'Error loading data, try again' },
  // wishlists and availability watch (services/wishlist.ts, services/availability-watch.ts)
  productNotFound: { cs: 'Tento produkt už není v nabídce.', en: 'This product is no longer available.' },
  wishlistFull: {
    cs: 'Do oblíbených se vejde nejvýše {max} produktů. Nějaký prosím nejdřív odeberte.',
    en: 'A wishlist holds at most {max} products. Please remove one first.',
  },
  noWishlist: { cs: 'Zatím nemáte žádný seznam oblíbených.', en: 'No wishlist' },
  wishlistNotFound: { cs: 'Seznam oblíbených nebyl nalezen.', en: 'Wishlist not found' },
  watchNotFound: {
    cs: 'Tento odkaz pro zrušení hlídání už neplatí. Hlídání bylo možná zrušeno dříve.',
    en: 'This unsubscribe link is no longer valid. The watch may have been cancelled already.',
  },
  // accounts and identity (services/registration.ts, password-reset.ts, privacy.ts)
  emailTaken: {
    cs: 'Účet s tímto e-mailem už existuje. Zadejte prosím jiný e-mail, nebo si nechte poslat nové heslo.',
    en: 'An account with this e-mail already exists. Please use another e-mail or reset your password.',
  },
  passwordResetRequested: {
    cs: 'Pokud u nás účet s tímto e-mailem existuje, poslali jsme na něj odkaz pro nastavení nového hesla. Platí 60 minut.',
    en: 'If an account with this e-mail exists, we have sent it a link to set a new password. It is valid for 60 minutes.',
  },
  passwordChangeFailed: {
    cs: 'Heslo se nepodařilo změnit. Zkontrolujte prosím zadané údaje.',
    en: 'Password could not be changed. Please check the entered information',
  },
  wrongPassword: { cs: 'Heslo není správné.', en: 'The password is not correct.' },
  tokenRequestHasNoSession: {
    cs: 'S přístupovým tokenem se nelze přihlásit ani odhlásit; token zrušíte akcí revokeAccessToken.',
    en: 'A request with an access token cannot sign in or out; revoke the token with revokeAccessToken.',
  },
  accessTokenNotFound: { cs: 'Takový přístupový token nemáte.', en: 'You have no such access token.' },
  // match tickets (services/tickets.ts)
  seatTaken: { cs: 'Místo už je obsazené: {seats}.', en: 'This seat is already taken: {seats}.' },
  seatUnknown: { cs: 'Takové místo tento zápas nemá: {seats}.', en: 'This match has no such seat: {seats}.' },
  seatLimit: {
    cs: 'Na jednu objednávku lze koupit nejvýše {max} vstupenek na tento zápas.',
    en: 'At most {max} tickets for this match can be bought in one order.',
  },
  seatsNoneGiven: { cs: 'Vyberte prosím aspoň jedno místo.', en: 'Please choose at least one seat.' },
  bankTransferTooLateForTickets: {
    cs: 'Vstupenky je třeba zaplatit do {deadline} a převod by už nemusel dorazit včas, proto platbu převodem nabízíme, jen když do té doby zbývá aspoň {hours} hodin.',
    en: 'The tickets must be paid by {deadline} and a transfer might not arrive in time, so bank transfer is offered only while at least {hours} hours are left until then.',
  },
  seatHoldAddressLimit: {
    cs: 'Z jednoho připojení lze na tento zápas držet nejvýše {max} míst najednou. Dokončete objednávku, nebo některá místa uvolněte.',
    en: 'At most {max} seats of this match can be held from one connection at a time. Finish your order or release some seats.',
  },
  seatHoldTokenLimit: {
    cs: 'S jedním přístupovým tokenem lze na tento zápas držet nejvýše {max} míst najednou, ve všech jeho košících dohromady.',
    en: 'At most {max} seats of this match can be held with one access token at a time, across all its carts.',
  },
  seatHoldCooldown: {
    cs: 'Tato místa jste před chvílí drželi: {seats}. Znovu je můžete podržet za {minutes} min, nebo si vyberte jiná.',
    en: 'You held these seats a moment ago: {seats}. You can hold them again in {minutes} min, or choose other seats.',
  },
  salesNotStarted: { cs: 'Prodej vstupenek na tento zápas ještě nezačal.', en: 'Ticket sales for this match have not started yet.' },
  salesClosed: { cs: 'Prodej vstupenek na tento zápas už skončil.', en: 'Ticket sales for this match have ended.' },
  eventNotFound: { cs: 'Takový zápas v prodeji nemáme.', en: 'There is no such match on sale.' },
  seatPlace: { cs: 'sektor {section}, řada {row}, místo {number}', en: 'section {section}, row {row}, seat {number}' },
  ticketLineName: { cs: 'Vstupenka {event}, {place}', en: 'Ticket {event}, {place}' },
  orderChangeHoldExpired: {
    cs: '{name}: rezervace místa vypršela a místo už v košíku není.',
    en: '{name}: the seat’s hold expired and it is no longer in the cart.',
  },
  // order lifecycle (services/order-transitions.ts)
  orderMoveSameState: { cs: 'Objednávka č. {number} už je ve stavu {to}.', en: 'Order No. {number} is {to} already.' },
  orderMoveNotAllowed: { cs: 'Objednávku č. {number} nelze ze stavu {from} převést do stavu {to}.', en: 'Order No. {number} cannot go from {from} to {to}.' },
  orderMoveNotForActor: { cs: 'Objednávku č. {number} ve stavu {from} už nemůžete změnit na {to}.', en: 'Order No. {number} in {from} can no longer be set to {to} by you.' },
  orderMoveNotPaid: {
    cs: 'Objednávka č. {number} ještě není zaplacená; zabalit ji lze až po platbě (kromě dobírky a platby na prodejně).',
    en: 'Order No. {number} is not paid yet; it can be packed only once paid (except cash on delivery and paying in the store).',
  },
  orderMoveStorePickup: { cs: 'Objednávka č. {number} se vyzvedává na prodejně; neodesílá se.', en: 'Order No. {number} is collected at a store; it is not shipped.' },
  orderMoveNotStorePickup: { cs: 'Objednávka č. {number} se doručuje; k vyzvednutí na prodejně není.', en: 'Order No. {number} is delivered; it is not collected at a store.' },
  orderMoveNotFound: { cs: 'Taková objednávka neexistuje.', en: 'There is no such order.' },
  orderMoveKeyReused: {
    cs: 'Klíč {key} už byl u objednávky č. {number} použit pro jinou změnu ({to}).',
    en: 'The key {key} was used for another move of order No. {number} ({to}).',
  },
  orderMoveBadDetails: { cs: 'Údaje o zásilce nejsou v pořádku: {problem}', en: 'The shipment details are not right: {problem}' },
  orderMovePaymentByPayment: {
    cs: 'Objednávka se označí jako zaplacená zaznamenáním platby (npm run order -- paid).',
    en: 'An order becomes paid by recording its payment (npm run order -- paid).',
  },
} as const;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, language: Locale): string {
  return messages[key][language];
}

/** A message whose {name} placeholders are filled in from values. */
export function formatMessage(key: MessageKey, language: Locale, values: Record<string, string | number>): string {
  return message(key, language).replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}
