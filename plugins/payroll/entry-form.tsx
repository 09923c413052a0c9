import {
  Button,
  CloseButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { ABSENCE_KINDS, lastDayOf, PAYROLL_BOUNDS } from '@portal/plugin-api';
import type { AbsenceKind } from '@portal/plugin-api';
import { entryOf, problemsOf, valuesOf } from './entry-values.ts';
import type { EntryValues } from './entry-values.ts';
import type { PayrollEmployee } from './payroll-api.ts';
import { useT } from './translation.ts';

type EntryFormProps = {
  employee: PayrollEmployee;
  month: string;
  /** The month in words, for the dialog's title. */
  monthLabel: string;
  saving: boolean;
  onSave: (entry: ReturnType<typeof entryOf>) => void;
  onClose: () => void;
};

const NUMBER_FIELDS = ['hours', 'overtimeHours', 'bonus', 'expenses'] as const;

/**
 * One employee's variable items of the month, in a dialog: each field says what the gateway would refuse
 * as the person types (a number once typed, an absence's dates once the person tried to save).
 */
export function EntryForm({ employee, month, monthLabel, saving, onSave, onClose }: EntryFormProps) {
  const { t, language } = useT();
  const [values, setValues] = useState<EntryValues>(() => valuesOf(employee.entry, language));
  const [tried, setTried] = useState(false);
  const problems = problemsOf(values, month);
  const name = `${employee.firstName} ${employee.lastName}`;
  const problemOf = (field: string, shown: boolean) => {
    const rule = problems.get(field);
    return rule === undefined || !shown ? undefined : t(`form.problems.${rule}`);
  };
  const setAbsence = (index: number, change: Partial<EntryValues['absences'][number]>) =>
    setValues((current) => ({
      ...current,
      absences: current.absences.map((absence, at) => (at === index ? { ...absence, ...change } : absence)),
    }));
  const save = () => {
    setTried(true);
    if (problems.size === 0) onSave(entryOf(values));
  };
  const first = `${month}-01`;
  const last = lastDayOf(month);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('form.title', { name, month: monthLabel })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.cancel') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            {NUMBER_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`form.${field}`)}
                inputMode="decimal"
                miw={140}
                value={values[field]}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: text }));
                }}
                error={problemOf(field, values[field] !== '' || tried)}
              />
            ))}
          </Group>
          <Text component="h3" fw={700} size="sm">
            {t('form.absences')}
          </Text>
          {values.absences.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('form.noAbsence')}
            </Text>
          ) : null}
          {values.absences.map((absence, index) => {
            const number = index + 1;
            const at = `absences.${String(index)}`;
            return (
              <Group key={index} align="flex-end" gap="xs" wrap="wrap">
                <NativeSelect
                  label={t('form.absenceKind', { number })}
                  value={absence.kind}
                  data={ABSENCE_KINDS.map((kind) => ({ value: kind, label: t(`form.kinds.${kind}`) }))}
                  onChange={(event) => setAbsence(index, { kind: event.currentTarget.value as AbsenceKind })}
                />
                <TextInput
                  type="date"
                  label={t('form.absenceFrom', { number })}
                  min={first}
                  max={last}
                  value={absence.from}
                  onChange={(event) => setAbsence(index, { from: event.currentTarget.value })}
                  error={problemOf(`${at}.from`, absence.from !== '' || tried)}
                />
                <TextInput
                  type="date"
                  label={t('form.absenceTo', { number })}
                  min={first}
                  max={last}
                  value={absence.to}
                  onChange={(event) => setAbsence(index, { to: event.currentTarget.value })}
                  error={problemOf(`${at}.to`, absence.to !== '' || tried)}
                />
                <CloseButton
                  aria-label={t('form.removeAbsence', { number })}
                  onClick={() =>
                    setValues((current) => ({
                      ...current,
                      absences: current.absences.filter((_absence, other) => other !== index),
                    }))
                  }
                />
              </Group>
            );
          })}
          {values.absences.length < PAYROLL_BOUNDS.absences ? (
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    absences: [...current.absences, { kind: 'paid-leave', from: '', to: '' }],
                  }))
                }
              >
                {t('form.addAbsence')}
              </Button>
            </Group>
          ) : null}
          <Textarea
            label={t('form.note')}
            autosize
            minRows={2}
            maxLength={PAYROLL_BOUNDS.note}
            value={values.note}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValues((current) => ({ ...current, note: text }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
