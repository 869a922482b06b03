// Operator details shared by the info pages and the store list.
// The company is fictional; the ID numbers only have a valid format.
export const shop = {
  name: 'Tribuna Sport',
  company: 'Tribuna Sport s.r.o.',
  street: 'Vinohradská 112',
  city: 'Praha 3',
  postcode: '130 00',
  ico: '07412355',
  dic: 'CZ07412355',
  register: {
    cs: 'zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 301245',
    en: 'registered in the Commercial Register kept by the Municipal Court in Prague, section C, file 301245',
  },
  email: 'info@tribunasport.cz',
  complaintsEmail: 'reklamace@tribunasport.cz',
  privacyEmail: 'osobni-udaje@tribunasport.cz',
  phone: '+420 222 510 480',
  bankAccount: '2300154871/2010',
  iban: 'CZ65 2010 0000 0023 0015 4871',
  returnsAddress: 'Tribuna Sport s.r.o., reklamační oddělení, Vinohradská 112, 130 00 Praha 3',
} as const;
