import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_FORM, type FormField } from '#engine/model/channel';
import { parseQuery } from '#engine/model/query';
import {
  LEAVE_MESSAGE_FIELDS,
  cleanValues,
  fieldKind,
  isEmail,
  isPhone,
  prefill,
  validateField,
  validateForm,
  validateLeaveMessage,
} from '#engine/model/validation';

const field = (name: string, required = false): FormField => ({ name, label: name, required });

describe('SPEC §5 phone: 11 digits starting with 1', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('accepts %s', (v) => expect(isPhone(v)).toBe(true));
  it.each([
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['not starting with 1', '23800138000'],
    ['with a space', '138 0013 8000'],
    ['letters', '1380013800a'],
    ['empty', ''],
  ])('refuses %s', (_name, v) => expect(isPhone(v)).toBe(false));
});

describe('issue 28 phone in international form: + and 8–15 digits, spaces and dashes allowed', () => {
  it.each(['+44 20 7946 0958', '+1-202-555-0143', '+8613800138000', '+49 30 12345678', '+12345678', '+123456789012345'])('accepts %s', (v) =>
    expect(isPhone(v)).toBe(true),
  );
  it.each([
    ['7 digits', '+1234567'],
    ['16 digits', '+1234567890123456'],
    ['no plus and a space', '44 20 7946 0958'],
    ['two separators in a row', '+44  20 7946 0958'],
    ['a trailing space', '+44 20 7946 0958 '],
    ['a separator after the plus, before the digits', '+-44 20 7946 0958'],
    ['parentheses', '+44 (20) 7946 0958'],
    ['letters', '+44 20 ABCD 0958'],
    ['a plus alone', '+'],
  ])('refuses %s', (_name, v) => expect(isPhone(v)).toBe(false));

  /** + and `digits`, each digit but the first preceded by nothing, a space or a dash. */
  const international = (digits: fc.Arbitrary<string[]>) =>
    digits.chain(([first = '', ...ds]) => fc.tuple(...ds.map((d) => fc.constantFrom(d, ` ${d}`, `-${d}`))).map((parts) => `+${first}${parts.join('')}`));
  const digit = fc.constantFrom(...'0123456789');

  it('accepts every number of 8 to 15 digits, however spaced, and sends it as + and its digits', () => {
    fc.assert(
      fc.property(international(fc.array(digit, { minLength: 8, maxLength: 15 })), (v) => {
        expect(isPhone(v)).toBe(true);
        expect(cleanValues([field('phone')], { phone: ` ${v} ` })).toEqual({ phone: `+${v.replace(/\D/g, '')}` });
      }),
    );
  });

  it('refuses fewer than 8 or more than 15 digits', () => {
    const count = fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 16, max: 24 }));
    fc.assert(fc.property(international(count.chain((n) => fc.array(digit, { minLength: n, maxLength: n }))), (v) => !isPhone(v)));
  });

  it('sends a national number as typed', () => {
    expect(cleanValues([field('phone'), field('mobile')], { phone: ' 13800138000 ', mobile: '+44 20-7946-0958' })).toEqual({
      phone: '13800138000',
      mobile: '+442079460958',
    });
  });
});

describe('SPEC §5 email: local@domain with a TLD of 2+ letters', () => {
  it.each(['ann@example.com', 'a.b+c@mail.example.co', 'x@y.io', 'ann@sub.domain.museum'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each([
    ['no @', 'ann.example.com'],
    ['no domain', 'ann@'],
    ['no TLD', 'ann@example'],
    ['a 1-letter TLD', 'ann@example.c'],
    ['a numeric TLD', 'ann@example.123'],
    ['two @', 'ann@b@example.com'],
    ['a space', 'ann smith@example.com'],
    ['an empty label', 'ann@.com'],
  ])('refuses %s', (_name, v) => expect(isEmail(v)).toBe(false));
});

describe('field kinds come from field names', () => {
  it.each([
    ['phone', 'phone'],
    ['Mobile', 'phone'],
    ['email', 'email'],
    ['EMAIL', 'email'],
    ['content', 'longText'],
    ['userName', 'text'],
    ['company', 'text'],
  ] as const)('%s is %s', (name, kind) => expect(fieldKind(name)).toBe(kind));
});

describe('validateField / validateForm', () => {
  it('a required field left blank (or only spaces) is "required"; an optional one passes', () => {
    expect(validateField(field('name', true), '  ')).toBe('required');
    expect(validateField(field('name', true), undefined)).toBe('required');
    expect(validateField(field('name'), '')).toBeNull();
  });

  it('an optional phone or email is checked only when given, trimmed', () => {
    expect(validateField(field('phone'), '')).toBeNull();
    expect(validateField(field('phone'), ' 13800138000 ')).toBeNull();
    expect(validateField(field('phone'), '12345')).toBe('phone');
    expect(validateField(field('email'), 'ann@example')).toBe('email');
  });

  it('collects every error by field name, and nothing for a valid form', () => {
    const fields = [field('name', true), field('phone'), field('email')];
    expect(validateForm(fields, { name: '', phone: '123', email: 'x@y.z' })).toEqual({ name: 'required', phone: 'phone', email: 'email' });
    expect(validateForm(fields, { name: 'Ann', phone: '13800138000', email: 'ann@example.com' })).toEqual({});
  });

  it('the leave-message form needs only the message', () => {
    expect(validateForm(LEAVE_MESSAGE_FIELDS, {})).toEqual({ content: 'required' });
    expect(validateForm(LEAVE_MESSAGE_FIELDS, { content: 'Call me back' })).toEqual({});
  });
});

describe('cleanValues', () => {
  it('trims values, drops blanks and names outside the form', () => {
    const fields = [field('name'), field('phone'), field('email')];
    expect(cleanValues(fields, { name: ' Ann ', phone: '  ', email: 'ann@example.com', extra: 'x' })).toEqual({ name: 'Ann', email: 'ann@example.com' });
  });
});

describe('SPEC §2 prefill from the query', () => {
  it('fills name, phone and email from username, phone and email', () => {
    const query = parseQuery('?channelid=c&username=Ann&phone=13800138000&email=ann@example.com');
    expect(prefill(DEFAULT_USER_FORM.fields, query)).toEqual({ userName: 'Ann', phone: '13800138000', email: 'ann@example.com' });
    expect(prefill([field('name'), field('company')], query)).toEqual({ name: 'Ann', company: '' });
  });

  it('leaves fields empty without query values', () => {
    expect(prefill(LEAVE_MESSAGE_FIELDS, parseQuery('?channelid=c'))).toEqual({ name: '', phone: '', email: '', content: '' });
  });
});

describe('issue 28: the leave-message form asks for a way back when the channel promised an answer', () => {
  it('without a phone and an email: a contact error at the phone field, only when a contact is required', () => {
    expect(validateLeaveMessage({ content: 'Hi', phone: ' ', email: '' }, true)).toEqual({ phone: 'contact' });
    expect(validateLeaveMessage({ content: 'Hi' }, false)).toEqual({});
  });

  it('a phone or an email is enough; an invalid one is worded as such', () => {
    expect(validateLeaveMessage({ content: 'Hi', email: 'ann@example.com' }, true)).toEqual({});
    expect(validateLeaveMessage({ content: 'Hi', phone: '+44 20 7946 0958' }, true)).toEqual({});
    expect(validateLeaveMessage({ content: '', phone: '123' }, true)).toEqual({ phone: 'phone', content: 'required' });
  });
});
