/**
 * The reschedule dialog's calendar: react-day-picker (accessible, keyboard-driven, on date-fns), loaded only
 * when the dialog opens (RescheduleRepair.tsx imports this module lazily), so it is never in /home's first
 * load. Only days with at least one slot, between the earliest and latest slot dates, can be chosen.
 */
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import { parseISO } from 'date-fns';
import { calendarDate } from './format';

export interface RescheduleCalendarProps {
  /** Selectable days (YYYY-MM-DD), sorted. */
  days: readonly string[];
  /** The chosen day (YYYY-MM-DD), or null. */
  selected: string | null;
  onSelect: (day: string) => void;
  /** The id of the label naming the calendar. */
  labelledBy: string;
}

/** Spec §9: calendar dates read 'MMMM d, yy'; screen readers hear the same ('March 12, 26, selected'). */
function dayLabel(date: Date, modifiers: Modifiers): string {
  let label = calendarDate(date);
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

const key = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export default function RescheduleCalendar({
  days,
  selected,
  onSelect,
  labelledBy,
}: RescheduleCalendarProps) {
  const allowed = new Set(days);
  const first = days[0] ? parseISO(days[0]) : undefined;
  const last = days[days.length - 1] ? parseISO(days[days.length - 1]!) : undefined;
  const chosen = selected ? parseISO(selected) : undefined;
  return (
    <div aria-labelledby={labelledBy} role="group" className="reschedule-calendar">
      <DayPicker
        mode="single"
        required
        selected={chosen}
        onSelect={(d: Date | undefined) => {
          if (d) onSelect(key(d));
        }}
        defaultMonth={chosen ?? first}
        {...(first ? { startMonth: first } : {})}
        {...(last ? { endMonth: last } : {})}
        disabled={(d: Date) => !allowed.has(key(d))}
        labels={{ labelDayButton: dayLabel }}
        autoFocus
      />
    </div>
  );
}
