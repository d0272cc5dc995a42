import type { FormField } from './channel';
import type { ChatQuery } from './query';

/** How a form field is checked and entered (SPEC §5). */
export type FieldKind = 'text' | 'phone' | 'email' | 'longText';

/** Why a field's value was refused; the UI words it ('contact': a phone or an email is needed, validateLeaveMessage). */
export type FieldError = 'required' | 'phone' | 'email' | 'contact';

/** Values of a form by field name. */
export type FormValues = Readonly<Record<string, string>>;

/** Errors of a form by field name; a valid field has none. */
export type FormErrors = Readonly<Partial<Record<string, FieldError>>>;

/** SPEC §5: a national number, 11 digits starting with 1. */
const NATIONAL_PHONE = /^1\d{10}$/;
/** Issue 28: a number in international form, + and 8–15 digits, spaces and dashes allowed between them. */
const INTERNATIONAL_PHONE = /^\+\d(?:[ -]?\d){7,14}$/;
/** The spaces and dashes of an international number, dropped from what is sent (a national one has none). */
const PHONE_SEPARATORS = /[ -]/g;
/** SPEC §5: local@domain with a top-level domain of 2 or more letters. */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;

/**
 * Whether `value` is a phone number: a national one by SPEC §5 (11 digits starting with 1) or one
 * in international form (+ and 8–15 digits, spaces and dashes allowed: "+44 20 7946 0958").
 */
export const isPhone = (value: string): boolean => NATIONAL_PHONE.test(value) || INTERNATIONAL_PHONE.test(value);

/** Whether `value` is an email address by SPEC §5. */
export const isEmail = (value: string): boolean => EMAIL.test(value);

/** The kind of a field, from its name: the form config names fields but does not type them. */
export function fieldKind(name: string): FieldKind {
  const n = name.toLowerCase();
  if (n === 'phone' || n === 'mobile' || n === 'tel' || n === 'telephone') return 'phone';
  if (n === 'email' || n === 'mail') return 'email';
  if (n === 'content' || n === 'message' || n === 'comment') return 'longText';
  return 'text';
}

/** The error of one value, or null. Blank optional fields pass; the value is checked trimmed. */
export function validateField(field: FormField, value: string | undefined): FieldError | null {
  const v = (value ?? '').trim();
  if (!v) return field.required ? 'required' : null;
  const kind = fieldKind(field.name);
  if (kind === 'phone' && !isPhone(v)) return 'phone';
  if (kind === 'email' && !isEmail(v)) return 'email';
  return null;
}

/** Every error of a form, by field name (empty when the form is valid). */
export function validateForm(fields: readonly FormField[], values: FormValues): FormErrors {
  const errors: Partial<Record<string, FieldError>> = {};
  for (const field of fields) {
    const error = validateField(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** The values of `fields`, trimmed, phone numbers as + and digits (docs/protocol.md §5); fields left blank are left out. */
export function cleanValues(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name } of fields) {
    const v = (values[name] ?? '').trim();
    if (v) out[name] = fieldKind(name) === 'phone' ? v.replace(PHONE_SEPARATORS, '') : v;
  }
  return out;
}

/** SPEC §2: a form's starting values from the query's username, email and phone, matched by field kind and name. */
export function prefill(fields: readonly FormField[], query: ChatQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name } of fields) {
    const kind = fieldKind(name);
    const n = name.toLowerCase();
    const value = kind === 'phone' ? query.phone : kind === 'email' ? query.email : n === 'name' || n === 'username' ? query.userName : undefined;
    out[name] = value ?? '';
  }
  return out;
}

/** The leave-message form (SPEC §2, §7 leaveMsg): a contact and the message, which is required. */
export const LEAVE_MESSAGE_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'name', required: false },
  { name: 'phone', label: 'phone', required: false },
  { name: 'email', label: 'email', required: false },
  { name: 'content', label: 'message', required: true },
];

/** The fields that reach the visitor, of which the leave-message form asks for one when `contact` (validateLeaveMessage). */
export const CONTACT_FIELDS = ['phone', 'email'] as const;

/**
 * The errors of the leave-message form: SPEC §5 per field and, when `contact` (the channel promised
 * an answer, contactRequired), a way to reach the visitor — a phone or an email, asked at the phone
 * field. One rule for the form (useLeaveMessage) and the call (the leaveMessage effect).
 */
export function validateLeaveMessage(values: FormValues, contact: boolean): FormErrors {
  const errors = validateForm(LEAVE_MESSAGE_FIELDS, values);
  const reachable = CONTACT_FIELDS.some((name) => values[name]?.trim());
  return contact && !reachable ? { ...errors, phone: 'contact' } : errors;
}
