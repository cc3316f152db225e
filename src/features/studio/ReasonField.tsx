/** The shortest and longest reason a change, a send-back or a withdrawal takes. */
export const REASON_MIN_LENGTH = 3;
const REASON_MAX_LENGTH = 500;

/** A change's reason, as every studio dialog that asks for one asks for it. */
export function ReasonField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="studio-form">
      {label}
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        minLength={REASON_MIN_LENGTH}
        maxLength={REASON_MAX_LENGTH}
      />
    </label>
  );
}
