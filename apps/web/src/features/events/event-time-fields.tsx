import { InputField } from '../../components/field';

interface EventTimeFieldsProps {
  time: string;
  end: string;
  onTime: (value: string) => void;
  onEnd: (value: string) => void;
  timeError?: string;
  endError?: string;
}

/** "Time (optional)" and, once there is a time, "End (optional)": in the form and the editor. */
export function EventTimeFields({
  time,
  end,
  onTime,
  onEnd,
  timeError,
  endError,
}: EventTimeFieldsProps) {
  return (
    <div className="form-row">
      <InputField
        label="Time (optional)"
        type="time"
        value={time}
        error={timeError}
        onChange={onTime}
      />
      {time ? (
        <InputField
          label="End (optional)"
          type="time"
          min={time}
          value={end}
          error={endError}
          onChange={onEnd}
        />
      ) : null}
    </div>
  );
}
