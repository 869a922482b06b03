// The GPSR rule both the seed and the database apply (schema/rules/product-safety.ts, decision 0064).
import { describe, expect, it } from 'vitest';
import { EU_MEMBER_STATES, electronicAddressHref, isEuMemberState, needsEuResponsiblePerson, responsiblePersonProblem } from '../../../schema/rules/product-safety.ts';

describe('product safety rules', () => {
  it('knows the 27 member states, and that Britain, Norway and Switzerland are not among them', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    for (const code of ['CZ', 'SK', 'DE', 'AT', 'PL', 'GR']) expect(isEuMemberState(code), code).toBe(true);
    for (const code of ['GB', 'NO', 'CH', 'CN', 'US', 'EL', 'cz', '', null, undefined]) expect(isEuMemberState(code), String(code)).toBe(false);
  });

  it('asks for a responsible person outside the EU and when the country is not known', () => {
    expect(needsEuResponsiblePerson('CZ')).toBe(false);
    expect(needsEuResponsiblePerson('GB')).toBe(true);
    expect(needsEuResponsiblePerson(null)).toBe(true);
  });

  it('says which product, which manufacturer and why, as the database does', () => {
    expect(responsiblePersonProblem({ code: 'KO-4006', manufacturerName: 'Meteor Athletics', manufacturerCountryCode: 'GB', hasResponsiblePerson: false })).toBe(
      'Product KO-4006 needs an EU responsible person: its manufacturer Meteor Athletics is established outside the European Union (country GB). ' +
        'Set "responsiblePersonId" (GPSR, Regulation (EU) 2023/988, Art. 16 and 19).',
    );
    expect(responsiblePersonProblem({ code: 'KO-4006', manufacturerName: 'Meteor Athletics', manufacturerCountryCode: 'GB', hasResponsiblePerson: true })).toBeNull();
    expect(responsiblePersonProblem({ code: 'DR-1001', manufacturerName: 'Vltava Sport', manufacturerCountryCode: 'CZ', hasResponsiblePerson: false })).toBeNull();
  });

  it('links an e-mail address by mailto: and a contact form by its URL, and nothing else', () => {
    expect(electronicAddressHref('info@vltavasport.cz')).toBe('mailto:info@vltavasport.cz');
    expect(electronicAddressHref('https://www.meteor-athletics.co.uk/contact')).toBe('https://www.meteor-athletics.co.uk/contact');
    expect(electronicAddressHref('javascript:alert(1)')).toBeNull();
    expect(electronicAddressHref('not an address')).toBeNull();
  });
});
