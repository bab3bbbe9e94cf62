import { FREQS, type Freq, RRULE_LIMITS } from '@prodify/contract';
import { Field, InputField } from '../../components/field';
import { type CustomRepeat, type RepeatChoice, repeatOptions, WEEK } from './repeat';

const UNITS: Record<Freq, string> = {
  DAILY: 'days',
  WEEKLY: 'weeks',
  MONTHLY: 'months',
  YEARLY: 'years',
};

interface RepeatFieldProps {
  date: string;
  choice: RepeatChoice;
  onChoice: (choice: RepeatChoice) => void;
  custom: CustomRepeat;
  onCustom: (custom: CustomRepeat) => void;
  /** The server's word on the rule (the editor shows a refused save's errors by their fields). */
  error?: string;
}

/** "Repeat": the plain choices, and for "Custom…" every N units, the weekdays and the end. */
export function RepeatField({ date, choice, onChoice, custom, onCustom, error }: RepeatFieldProps) {
  const endKind = custom.end.kind;
  return (
    <>
      <Field label="Repeat" error={error}>
        {(control) => (
          <select
            {...control}
            value={choice}
            onChange={(e) => onChoice(e.target.value as RepeatChoice)}
          >
            {repeatOptions(date).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {choice === 'custom' ? (
        <fieldset className="repeat-custom">
          <legend>Custom repeat</legend>
          <div className="form-row">
            <InputField
              label="Every"
              type="number"
              min={1}
              max={RRULE_LIMITS.intervalMax}
              value={String(custom.interval)}
              onChange={(v) => onCustom({ ...custom, interval: Math.max(1, Number(v) || 1) })}
            />
            <Field label="Unit">
              {(control) => (
                <select
                  {...control}
                  value={custom.freq}
                  onChange={(e) => onCustom({ ...custom, freq: e.target.value as Freq })}
                >
                  {FREQS.map((f) => (
                    <option key={f} value={f}>
                      {UNITS[f]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {custom.freq === 'WEEKLY' ? (
            <fieldset className="repeat-days">
              <legend>On</legend>
              {WEEK.map(({ code, name }) => (
                <label key={code} className="repeat-day">
                  <input
                    type="checkbox"
                    checked={custom.weekdays.includes(code)}
                    onChange={(e) =>
                      onCustom({
                        ...custom,
                        weekdays: e.target.checked
                          ? [...custom.weekdays, code]
                          : custom.weekdays.filter((d) => d !== code),
                      })
                    }
                  />
                  <span>{name.slice(0, 3)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <Field label="Ends">
            {(control) => (
              <select
                {...control}
                value={endKind}
                onChange={(e) => {
                  const kind = e.target.value;
                  onCustom({
                    ...custom,
                    end:
                      kind === 'count'
                        ? { kind: 'count', count: 10 }
                        : kind === 'until'
                          ? { kind: 'until', date }
                          : { kind: 'never' },
                  });
                }}
              >
                <option value="never">Never</option>
                <option value="count">After a number of times</option>
                <option value="until">On a date</option>
              </select>
            )}
          </Field>
          {custom.end.kind === 'count' ? (
            <InputField
              label="Times"
              type="number"
              min={1}
              max={RRULE_LIMITS.countMax}
              value={String(custom.end.count)}
              onChange={(v) =>
                onCustom({ ...custom, end: { kind: 'count', count: Math.max(1, Number(v) || 1) } })
              }
            />
          ) : null}
          {custom.end.kind === 'until' ? (
            <InputField
              label="Last day"
              type="date"
              min={date}
              value={custom.end.date}
              onChange={(v) => onCustom({ ...custom, end: { kind: 'until', date: v } })}
            />
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
