import { createContext, type ReactNode, useContext, useId, useMemo, useState } from 'react';
import {
  type CustomComponents,
  DayButton,
  type DayButtonProps,
  DayPicker,
  type DayProps,
  type Labels,
} from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../styles/calendar.css';
import { NavButton } from '../../components/nav-button';
import { centuryStart, decadeStart, firstOfMonth, parseLocalIsoDate } from '../../lib/dates';
import { PeriodGrid, type PeriodItem } from './period-grid';

export type CalendarView = 'month' | 'year' | 'decade' | 'century';

/** The views above the month: grid width, years per Previous/Next, the view above. */
const PERIOD_VIEWS = {
  year: { columns: 3, step: 1, up: 'decade' },
  decade: { columns: 3, step: 10, up: 'century' },
  century: { columns: 2, step: 100, up: null },
} as const;

const MIN_YEAR = 1;
const MAX_YEAR = 9999;
const MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date(2000, m, 1)),
);

interface DrillCalendarProps {
  selected: Date;
  onSelect: (date: Date) => void;
  /** The month the month view shows. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** Local days (`yyyy-mm-dd`) to mark as having events. */
  eventDays?: readonly string[];
  /** Local days (`yyyy-mm-dd`) with overdue open to-dos: marked, and said in the day's name. */
  overdueDays?: readonly string[];
  /** What a day cell shows under its number (the planner's events and to-dos). */
  dayContent?: (day: Date) => ReactNode;
}

/** The caption button of the month view lives inside DayPicker; it reaches the view here. */
const DrillUpContext = createContext<{ drillUp: () => void; hintId: string } | null>(null);

function MonthCaptionButton({ children, className }: { children?: ReactNode; className?: string }) {
  const ctx = useContext(DrillUpContext);
  return (
    <button
      type="button"
      className={`cal-caption ${className ?? ''}`}
      aria-describedby={ctx?.hintId}
      onClick={ctx?.drillUp}
    >
      {children}
    </button>
  );
}

/** The planner's content of the day cells, reached by the cell component. */
const DayContentContext = createContext<{
  render?: (day: Date) => ReactNode;
  onPick: (day: Date) => void;
} | null>(null);

/**
 * A day cell: react-day-picker's button, then what the planner shows that day. A click on the
 * cell outside its controls picks the day too (the button stays the keyboard's way in).
 */
function DayCell(props: DayProps) {
  const { day, modifiers, children, ...tdProps } = props;
  const ctx = useContext(DayContentContext);
  const contentId = useId();
  const content = ctx?.render && !modifiers.outside ? ctx.render(day.date) : null;
  if (!content) return <td {...tdProps}>{children}</td>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the day's button is the keyboard's way in.
    <td
      {...tdProps}
      onClick={(event) => {
        const target = event.target as HTMLElement;
        if (!target.closest('button, input, label, a')) ctx?.onPick(day.date);
      }}
    >
      <DescribedByContext.Provider value={contentId}>{children}</DescribedByContext.Provider>
      <div id={contentId}>{content}</div>
    </td>
  );
}

/** The id of what a day cell shows besides its button (its events and to-dos), if anything. */
const DescribedByContext = createContext<string | undefined>(undefined);

/**
 * The day's button, described by the cell's items: a title cut short in the cell is read in
 * full when the day has the focus (ADR 0512).
 */
function DescribedDayButton(props: DayButtonProps) {
  const describedBy = useContext(DescribedByContext);
  return <DayButton {...props} aria-describedby={describedBy} />;
}

const dayPickerComponents: Partial<CustomComponents> = {
  CaptionLabel: MonthCaptionButton,
  Day: DayCell,
  DayButton: DescribedDayButton,
};

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/**
 * "Sunday, November 1, 2026": the visible number is a word of the name (WCAG 2.5.3, label in
 * name); react-day-picker's default ordinal ("1st") is not.
 */
const dayPickerLabels: Partial<Labels> = {
  labelDayButton: (date, modifiers) => {
    let label = DAY_LABEL.format(date);
    if (modifiers?.today) label = `Today, ${label}`;
    if (modifiers?.overdue) label = `${label}, overdue to-dos`;
    if (modifiers?.selected) label = `${label}, selected`;
    return label;
  },
};

const toDates = (days: readonly string[]) =>
  days.map(parseLocalIsoDate).filter((d): d is Date => d !== undefined);

/**
 * A month calendar (react-day-picker) whose caption drills up to a year (12 months), a decade
 * (10 years) and a century (10 decades), and back down by picking, as react-calendar's views
 * do. react-day-picker has no such views, so the three upper ones are built here.
 */
export function DrillCalendar({
  selected,
  onSelect,
  month,
  onMonthChange,
  eventDays = [],
  overdueDays = [],
  dayContent,
}: DrillCalendarProps) {
  const [view, setView] = useState<CalendarView>('month');
  /** The year the upper views are centred on. */
  const [year, setYear] = useState(month.getFullYear());
  /** Whether the view just shown should take the focus (it was changed by the user). */
  const [focusOnShow, setFocusOnShow] = useState(false);
  const hintId = useId();
  const today = new Date();

  const show = (next: CalendarView) => {
    setFocusOnShow(true);
    setView(next);
  };

  const drill = useMemo(
    () => ({
      hintId,
      drillUp: () => {
        setYear(month.getFullYear());
        setFocusOnShow(true);
        setView('year');
      },
    }),
    [hintId, month],
  );

  const marked = useMemo(() => toDates(eventDays), [eventDays]);
  const overdue = useMemo(() => toDates(overdueDays), [overdueDays]);
  const cells = useMemo(() => ({ render: dayContent, onPick: onSelect }), [dayContent, onSelect]);

  const clampYear = (y: number) => Math.min(Math.max(y, MIN_YEAR), MAX_YEAR);
  const viewedYear = month.getFullYear();

  if (view === 'month') {
    return (
      <div className="drill-calendar" data-view="month">
        <DrillUpContext.Provider value={drill}>
          <DayContentContext.Provider value={cells}>
            <DayPicker
              mode="single"
              required
              selected={selected}
              onSelect={onSelect}
              month={month}
              onMonthChange={onMonthChange}
              navLayout="around"
              components={dayPickerComponents}
              labels={dayPickerLabels}
              modifiers={{ hasEvents: marked, overdue }}
              modifiersClassNames={{ hasEvents: 'has-events', overdue: 'has-overdue' }}
              autoFocus={focusOnShow}
            />
          </DayContentContext.Provider>
        </DrillUpContext.Provider>
        <p id={hintId} className="sr-only">
          Shows the months of the year
        </p>
      </div>
    );
  }

  const { columns, step, up } = PERIOD_VIEWS[view];
  let title: string;
  let gridLabel: string;
  let items: PeriodItem[];

  if (view === 'year') {
    title = String(year);
    gridLabel = `Months of ${year}`;
    items = MONTHS.map((name, m) => ({
      key: `${year}-${m}`,
      label: name,
      current: year === today.getFullYear() && m === today.getMonth(),
      active: year === viewedYear && m === month.getMonth(),
      onPick: () => {
        onMonthChange(firstOfMonth(year, m));
        show('month');
      },
    }));
  } else if (view === 'decade') {
    const first = Math.max(decadeStart(year), MIN_YEAR);
    const from = decadeStart(year);
    title = `${from} – ${from + 9}`;
    gridLabel = `Years ${title}`;
    items = Array.from({ length: from + 10 - first }, (_, i) => first + i).map((y) => ({
      key: String(y),
      label: String(y),
      current: y === today.getFullYear(),
      active: y === year,
      onPick: () => {
        setYear(y);
        show('year');
      },
    }));
  } else {
    const from = centuryStart(year);
    title = `${from} – ${from + 99}`;
    gridLabel = `Decades ${title}`;
    items = Array.from({ length: 10 }, (_, i) => from + i * 10)
      .filter((d) => d + 9 >= MIN_YEAR && d <= MAX_YEAR)
      .map((d) => ({
        key: String(d),
        label: `${d} – ${d + 9}`,
        current: decadeStart(today.getFullYear()) === d,
        active: decadeStart(year) === d,
        onPick: () => {
          setYear(Math.max(d, MIN_YEAR) + (year - decadeStart(year)));
          show('decade');
        },
      }));
  }

  return (
    <div className="drill-calendar" data-view={view}>
      <div className="cal-nav">
        <NavButton
          direction="prev"
          label={`Previous ${view}`}
          disabled={clampYear(year - step) === year}
          onClick={() => setYear((y) => clampYear(y - step))}
        />
        {up ? (
          <button
            type="button"
            className="cal-caption"
            aria-describedby={`${hintId}-up`}
            onClick={() => show(up)}
          >
            {title}
          </button>
        ) : (
          <span className="cal-caption cal-caption-top">{title}</span>
        )}
        <NavButton
          direction="next"
          label={`Next ${view}`}
          disabled={clampYear(year + step) === year}
          onClick={() => setYear((y) => clampYear(y + step))}
        />
      </div>
      <p id={`${hintId}-up`} className="sr-only">
        {view === 'year' ? 'Shows the years of the decade' : 'Shows the decades of the century'}
      </p>
      <PeriodGrid
        key={view}
        label={gridLabel}
        items={items}
        columns={columns}
        autoFocus={focusOnShow}
      />
    </div>
  );
}
