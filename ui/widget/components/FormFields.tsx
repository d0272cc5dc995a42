import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldError, FormErrors, FormField } from '@visitor-chat/chat-engine';
import { fieldKind } from '@visitor-chat/chat-engine';
import type { FormFieldsState } from '@visitor-chat/chat-react';
import './FormFields.css';

/** What FormFields needs of a form hook (useUserForm, useLeaveMessage). */
export type FormState = Pick<FormFieldsState, 'fields' | 'errors' | 'getFieldProps' | 'getLabelProps' | 'getErrorProps'>;

/** The label of a field: ours (translated) for the names we know, else the operator's own from the config. */
function useFieldLabel(): (field: FormField) => string {
  const { t } = useLingui();
  const known: Readonly<Record<string, string>> = {
    name: t`Name`,
    username: t`Name`,
    phone: t`Phone`,
    email: t`Email`,
    message: t`Message`,
    content: t`Message`,
  };
  // A config label that is a plain field key (the default form's 'name', 'phone', 'email') is ours to word.
  return (field) => known[field.label.toLowerCase()] ?? (field.label || known[field.name.toLowerCase()] || field.name);
}

function ErrorText({ error }: { error: FieldError }) {
  switch (error) {
    case 'required':
      return <Trans>This field is required.</Trans>;
    case 'phone':
      return <Trans>Enter a phone number: 11 digits starting with 1, or + and the country code.</Trans>;
    case 'email':
      return <Trans>Enter an email address like name@example.com.</Trans>;
    case 'contact':
      return <Trans>Enter a phone number or an email, so that we can answer you.</Trans>;
  }
}

/**
 * Labelled fields with their errors beside them (aria-invalid, aria-describedby), for any form hook.
 * `unmarked`: fields not required alone that a rule across fields asks one of (a phone or an email
 * to answer a left message), said by the form: neither "(optional)" nor required.
 */
export function FormFields({ form, unmarked = [] }: { form: FormState; unmarked?: readonly string[] }) {
  const label = useFieldLabel();
  const errors: FormErrors = form.errors;
  return (
    <div className="form-fields">
      {form.fields.map((field) => {
        const error = errors[field.name];
        const props = form.getFieldProps(field.name);
        return (
          <div key={field.name} className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" {...form.getLabelProps(field.name)}>
              {label(field)}
              {field.required ? (
                <span className="form-field__required" aria-hidden="true">
                  {' *'}
                </span>
              ) : unmarked.includes(field.name) ? null : (
                <span className="form-field__optional">
                  {' '}
                  <Trans>(optional)</Trans>
                </span>
              )}
            </label>
            {fieldKind(field.name) === 'longText' ? (
              <textarea className="form-field__input" rows={3} {...props} />
            ) : (
              <input className="form-field__input" {...props} />
            )}
            {error && (
              <p className="form-field__error" {...form.getErrorProps(field.name)}>
                <ErrorText error={error} />
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
