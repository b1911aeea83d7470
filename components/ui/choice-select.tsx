'use client';

/**
 * A labelled <select> over a fixed list of choices: `label` is shown beside it, `name` (the
 * label by default) is what a screen reader says, `optionLabel` how each choice reads.
 */
export function ChoiceSelect<T extends string | number>({
  label,
  name = label,
  className = 'field',
  value,
  choices,
  optionLabel = String,
  onChange,
}: {
  label: string;
  name?: string;
  className?: string;
  value: T;
  choices: readonly T[];
  optionLabel?: (choice: T) => string;
  onChange: (choice: T) => void;
}) {
  return (
    <label className={className}>
      {label}
      <select
        value={value}
        aria-label={name}
        onChange={(e) => {
          const picked = choices.find((c) => String(c) === e.target.value);
          if (picked !== undefined) onChange(picked);
        }}
      >
        {choices.map((c) => (
          <option key={c} value={c}>
            {optionLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
