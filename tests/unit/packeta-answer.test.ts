// Packeta's answers are read safely (decision 0068): only its <response> shape counts, a DOCTYPE
// (the way to external or expanding entities) is refused before parsing, broken XML is no answer.
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../bff/src/carriers/packeta-client.ts';

describe("Packeta's answers", () => {
  it('reads an ok answer and a fault with the refused attributes', () => {
    expect(parseAnswer('<?xml version="1.0"?><response><status>ok</status><result><id>4100000001</id><barcode>Z4100000001</barcode></result></response>')).toEqual({
      status: 'ok',
      result: { id: '4100000001', barcode: 'Z4100000001' },
    });
    const fault = parseAnswer(
      '<response><status>fault</status><fault>PacketAttributesFault</fault><string>Invalid &amp; refused</string>' +
        '<detail><attributes><fault><name>addressId</name><fault>Unknown.</fault></fault></attributes></detail></response>',
    );
    expect(fault?.fault).toBe('PacketAttributesFault');
    expect(fault?.string).toBe('Invalid & refused');
    expect(fault?.detail?.attributes?.fault).toEqual([{ name: 'addressId', fault: 'Unknown.' }]);
  });

  it('refuses a DOCTYPE, so no entity is ever expanded or fetched', () => {
    const external = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><response><status>ok</status><result>&x;</result></response>';
    const billion = '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><response><status>ok</status><result>&b;</result></response>';
    expect(parseAnswer(external)).toBeNull();
    expect(parseAnswer(billion)).toBeNull();
  });

  it('is no answer when broken, empty, HTML or another shape', () => {
    expect(parseAnswer('<response><status>ok</status><result><id>12')).toBeNull();
    expect(parseAnswer('')).toBeNull();
    expect(parseAnswer('<html><body>502 Bad Gateway</body></html>')).toBeNull();
    expect(parseAnswer('{"status":"ok"}')).toBeNull();
  });
});
