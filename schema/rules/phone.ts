// Phone: optional +420 (Czechia) or +421 (Slovakia) followed by 9 digits; spaces are allowed anywhere.
const PHONE = /^(\+42[01])?[0-9]{9}$/;

export function validatePhone(value: string): boolean {
  if (typeof value !== 'string') return false;
  return PHONE.test(value.replace(/\s+/g, ''));
}
