import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_FORM, type FormField } from '#engine/model/channel';
import { parseQuery } from '#engine/model/query';
import { LEAVE_MESSAGE_FIELDS, cleanValues, fieldKind, isEmail, isPhone, prefill, validateField, validateForm } from '#engine/model/validation';

const field = (name: string, required = false): FormField => ({ name, label: name, required });

describe('SPEC §5 phone: 11 digits starting with 1', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('accepts %s', (v) => expect(isPhone(v)).toBe(true));
  it.each([
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['not starting with 1', '23800138000'],
    ['with a space', '138 0013 8000'],
    ['with a plus', '+13800138000'],
    ['letters', '1380013800a'],
    ['empty', ''],
  ])('refuses %s', (_name, v) => expect(isPhone(v)).toBe(false));
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
