// The frame every shop e-mail shares: a simple table layout that mail clients render alike, and a
// plain-text twin. Values are escaped here; templates pass text, never HTML, except through html``.
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { czechVocative } from '../../../../schema/rules/vocative.ts';
import type { MailLanguage } from './types.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text with each {name} replaced by values[name] (a name without a value stays as it is). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** HTML that is already safe (built by html``), as opposed to text that must be escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = string | number | SafeHtml | null | undefined | false | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(String(value));
}

/** A template literal whose interpolated values are escaped unless they are SafeHtml themselves. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, string, index) => out + string + (index < values.length ? render(values[index]) : ''), ''));
}

const FOOTER = {
  cs: 'Tento e-mail byl odeslán automaticky, ale odpovědět na něj můžete – ozveme se vám.',
  en: 'This e-mail was sent automatically, but you can reply to it and we will get back to you.',
};

/** The whole HTML document around a template's body. */
export function htmlDocument(language: MailLanguage, title: string, body: SafeHtml): string {
  return html`<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif;color:#1d2430;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;">
<tr><td style="padding:20px 28px;background:#0a5096;color:#ffffff;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0;">${SUPPLIER.shopName}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.5;">${body}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#667085;border-top:1px solid #e4e7ec;">
${FOOTER[language]}<br>${SUPPLIER.company}, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city} · ${SUPPLIER.email} · ${SUPPLIER.phone}
</td></tr>
</table></td></tr></table>
</body></html>`.value;
}

/**
 * Every e-mail's first line: 'Dobrý den, Jano,' with the name in the vocative, as Czech addresses a
 * person ('Dobrý den, Jana,' reads as a form letter); 'Hello Jana,' in English. Without a name (a
 * guest's watch, an e-mail queued before names were kept) 'Dobrý den,' and 'Hello,'.
 */
export function greeting(language: MailLanguage, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  if (!name) return language === 'cs' ? 'Dobrý den,' : 'Hello,';
  return language === 'cs' ? `Dobrý den, ${czechVocative(name)},` : `Hello ${name},`;
}

/** The plain-text twin's footer. */
export function textFooter(language: MailLanguage): string {
  return ['--', FOOTER[language], `${SUPPLIER.company}, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`, `${SUPPLIER.email} · ${SUPPLIER.phone}`].join('\n');
}
