import type { ChangeEvent } from 'react';

/**
 * The props that tie a form's input to its state: the value, the setter fed by what is typed, and the
 * message under the field while it is invalid (null while it is valid: no message, no error state).
 *
 * @example
 * <TextInput label={t('x.email')} {...bindInput(email, setEmail, errors.email && t(errors.email))} />
 */
export function bindInput(value: string, setValue: (value: string) => void, error: string | null) {
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
    error,
  };
}
