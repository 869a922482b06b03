// The return protocol's confirmation: what was received, what happens next, and the protocol as a PDF
// to print and put in the parcel.
import { formatDate } from '../../../../schema/rules/dates.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { piecesText } from '../../../../schema/rules/plural.ts';
import { returnProtocolFileName } from '../../pdf/return-protocol.ts';
import { drawInThread } from '../../pdf/drawing-thread.ts';
import type { ReturnProtocolDocument } from '../../services/returns.ts';
import { html, htmlDocument, textFooter, fill, greeting } from './layout.ts';
import type { MailTemplate } from './types.ts';

const TEXTS = {
  cs: {
    subject: 'Reklamační protokol č. {number}',
    intro: 'děkujeme, reklamační protokol č. {number} k objednávce č. {order} jsme přijali dne {date}.',
    next: 'Protokol najdete v příloze. Vytiskněte ho prosím a zašlete spolu se zbožím na adresu:',
    goods: 'Reklamované zboží',
    refund: 'Případnou částku vrátíme na účet {account}.',
    deadline: 'Reklamaci vyřídíme bez zbytečného odkladu, nejpozději do 30 dnů.',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Return protocol No. {number}',
    intro: 'thank you, we received the return protocol No. {number} for order No. {order} on {date}.',
    next: 'The protocol is attached. Please print it and send it with the goods to:',
    goods: 'Returned goods',
    refund: 'Any refund will be paid to the account {account}.',
    deadline: 'We will settle the complaint without undue delay, within 30 days at the latest.',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const returnProtocol: MailTemplate<ReturnProtocolDocument> = {
  async render(_context, protocol, language) {
    const t = TEXTS[language];
    const values = { number: protocol.number, order: protocol.orderNumber, date: formatDate(protocol.createdAt, language), account: protocol.bankAccount, shop: SUPPLIER.shopName };
    const subject = fill(t.subject, values);
    const pdf = await drawInThread('returnProtocol', protocol);
    const sellerAddress = `${SUPPLIER.company}, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`;
    const lineText = (line: (typeof protocol.lines)[number]) => `${line.productTitle} (${line.productCode}), ${piecesText(line.quantity, language)}`;
    const body = html`
<p style="margin:0 0 12px;">${greeting(language, protocol.firstName)}</p>
<p style="margin:0 0 12px;">${fill(t.intro, values)}</p>
<p style="margin:0 0 4px;">${t.next}</p>
<p style="margin:0 0 16px;font-weight:bold;">${sellerAddress}</p>
<h2 style="font-size:17px;margin:0 0 8px;">${t.goods}</h2>
<ul style="margin:0 0 16px;padding-left:20px;">${protocol.lines.map((line) => html`<li>${lineText(line)}</li>`)}</ul>
<p style="margin:0 0 8px;">${fill(t.refund, values)}</p>
<p style="margin:0 0 16px;">${t.deadline}</p>
<p style="margin:0;white-space:pre-line;">${fill(t.signature, values)}</p>`;
    const text = [
      greeting(language, protocol.firstName),
      fill(t.intro, values),
      '',
      t.next,
      sellerAddress,
      '',
      `${t.goods}:`,
      ...protocol.lines.map((line) => `- ${lineText(line)}`),
      '',
      fill(t.refund, values),
      t.deadline,
      '',
      fill(t.signature, values),
      '',
      textFooter(language),
    ].join('\n');
    return {
      subject,
      html: htmlDocument(language, subject, body),
      text,
      attachments: [{ filename: returnProtocolFileName(protocol.number), content: pdf, contentType: 'application/pdf' }],
    };
  },
};
