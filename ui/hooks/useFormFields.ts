import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { cleanValues, fieldKind, prefill, validateForm, type ChatQuery, type FormErrors, type FormField, type FormValues } from '@visitor-chat/chat-engine';

/** The elements a form field can be: a one-line input or a textarea. */
export type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** Input attributes by field kind, so phones get a phone keypad and browsers can autofill. */
const KIND_PROPS = {
  text: { type: 'text', autoComplete: undefined, inputMode: undefined },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  longText: { type: undefined, autoComplete: undefined, inputMode: undefined },
} as const;

/**
 * The state of a form over `fields` (shared by the user and leave-message forms): values prefilled
 * from the query (SPEC §2), the SPEC §5 errors once a submit was tried, and prop getters that wire
 * a label, a field and its error for screen readers. `validate` replaces the per-field SPEC §5
 * check for a form with a rule across fields (the leave-message form's contact, validateLeaveMessage);
 * keep it stable (useCallback).
 */
export function useFormFields(fields: readonly FormField[], query: ChatQuery, validate?: (values: FormValues) => FormErrors): FormFieldsState {
  const baseId = useId();
  // Only the visitor's edits are state: prefilled values follow fields that arrive later.
  const [edits, setEdits] = useState<Readonly<Record<string, string>>>({});
  const [checked, setChecked] = useState(false);
  const elements = useRef(new Map<string, FieldElement>());
  const refs = useRef(new Map<string, (el: FieldElement | null) => void>());

  const values = useMemo(() => ({ ...prefill(fields, query), ...edits }), [fields, query, edits]);
  const errorsOf = useCallback((v: FormValues) => (validate ? validate(v) : validateForm(fields, v)), [validate, fields]);
  const errors: FormErrors = useMemo(() => (checked ? errorsOf(values) : {}), [checked, errorsOf, values]);

  const setValue = useCallback((name: string, value: string) => setEdits((e) => ({ ...e, [name]: value })), []);
  const reset = useCallback(() => {
    setEdits({});
    setChecked(false);
  }, []);

  /** Checks every field: the trimmed values when valid, else null with focus on the first invalid field. */
  const check = useCallback((): Record<string, string> | null => {
    setChecked(true);
    const found = errorsOf(values);
    const first = fields.find((f) => found[f.name]);
    if (first) {
      elements.current.get(first.name)?.focus();
      return null;
    }
    return cleanValues(fields, values);
  }, [errorsOf, fields, values]);

  const fieldId = (name: string) => `${baseId}-${name}`;
  const errorId = (name: string) => `${baseId}-${name}-error`;

  /** A stable ref callback per field, so React does not detach and reattach it on every render. */
  const refFor = (name: string) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (el) => {
        if (el) elements.current.set(name, el);
        else elements.current.delete(name);
      };
      refs.current.set(name, ref);
    }
    return ref;
  };

  const getFieldProps = (name: string): FieldProps => {
    const field = fields.find((f) => f.name === name);
    const error = errors[name];
    return {
      ...KIND_PROPS[fieldKind(name)],
      ref: refFor(name),
      id: fieldId(name),
      name,
      value: values[name] ?? '',
      onChange: (e: ChangeEvent<FieldElement>) => setValue(name, e.target.value),
      required: field?.required ?? false,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(name) : undefined,
    };
  };

  return {
    fields,
    values,
    errors,
    setValue,
    reset,
    check,
    getFieldProps,
    /** Props of a field's <label>. */
    getLabelProps: (name: string) => ({ htmlFor: fieldId(name) }),
    /** Props of the element that shows a field's error. */
    getErrorProps: (name: string) => ({ id: errorId(name) }),
  };
}

/** The props getFieldProps gives a field: its element's attributes, its value and change handler, and what ties it to its error. */
export interface FieldProps {
  /** The input's type by field kind (`tel`, `email`), so phones get the right keypad; none for a textarea. */
  type: 'text' | 'tel' | 'email' | undefined;
  autoComplete: 'tel' | 'email' | undefined;
  inputMode: 'tel' | 'email' | undefined;
  /** A stable ref per field: check() focuses the first invalid one. */
  ref: (el: FieldElement | null) => void;
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<FieldElement>) => void;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What a form hook (useUserForm, useLeaveMessage) gives a form component: fields, errors, values and prop getters. */
export interface FormFieldsState {
  fields: readonly FormField[];
  /** The values: prefilled from the query (SPEC §2), then the visitor's edits. */
  values: FormValues;
  /** The SPEC §5 error of each field, once a submit was tried. */
  errors: FormErrors;
  setValue: (name: string, value: string) => void;
  /** Back to the prefilled values, with no error shown. */
  reset: () => void;
  /** Checks every field: the trimmed values when valid, else null with focus on the first invalid field. */
  check: () => Record<string, string> | null;
  /** Props of a field's input or textarea. */
  getFieldProps: (name: string) => FieldProps;
  /** Props of a field's <label>. */
  getLabelProps: (name: string) => { htmlFor: string };
  /** Props of the element that shows a field's error. */
  getErrorProps: (name: string) => { id: string };
}
