import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import '../../styles/planner.css';
import { firstOfMonth, monthRange, parseLocalIsoDate, toLocalIsoDate } from '../../lib/dates';
import { DrillCalendar } from '../events/drill-calendar';
import { AgendaView } from './agenda-view';
import { CellItems } from './cell-items';
import { addDays, groupByDay, isoDays, overdueDays, weekDays } from './planner-data';
import { type PlannerSearch, type PlannerView, plannerSearch } from './planner-search';
import { PlannerToolbar } from './planner-toolbar';
import { prefetchNeighbours, rangeEventsQuery, rangeTodosQuery } from './queries';
import { useTodayKey } from './use-planner-keys';
import { WeekView } from './week-view';

export const AGENDA_DAYS = 30;

export function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The range a view shows, as `yyyy-mm-dd` bounds (inclusive). */
function visibleRange(view: PlannerView, month: Date, selected: Date, anchor: Date) {
  if (view === 'month') return monthRange(month);
  const days = view === 'week' ? weekDays(selected) : [anchor, addDays(anchor, AGENDA_DAYS - 1)];
  return {
    from: toLocalIsoDate(days[0] as Date),
    to: toLocalIsoDate(days[days.length - 1] as Date),
  };
}

/**
 * The calendar as a planner: a month (react-day-picker, with each day's events and to-dos),
 * week or agenda view of one visible range, loaded with two requests (events, to-dos) and
 * cached per range; the months either side are prefetched. Where it is (the view, the picked
 * day, the shown month or the agenda's first day) is the URL's `search`, and every move is a
 * new history entry through `go` (ADR 0513).
 */
export function usePlanner(search: PlannerSearch, go: (next: PlannerSearch) => void) {
  const queryClient = useQueryClient();
  const today = toLocalIsoDate(startOfToday());
  const view: PlannerView = search.view ?? 'month';
  const date = search.date ?? today;
  const { selected, month, anchor } = useMemo(() => {
    const picked = parseLocalIsoDate(date) ?? startOfToday();
    const shown = search.shown ? parseLocalIsoDate(search.shown) : undefined;
    const inMonth = view === 'month' && shown ? shown : picked;
    return {
      selected: picked,
      month: firstOfMonth(inMonth.getFullYear(), inMonth.getMonth()),
      /** The agenda's first day: picking a day in it does not move it. */
      anchor: (view === 'agenda' ? shown : undefined) ?? startOfToday(),
    };
  }, [date, search.shown, view]);

  const place = useCallback(
    (next: { view?: PlannerView; date?: string; shown?: string }) =>
      go(
        plannerSearch({
          view: next.view ?? view,
          date: next.date ?? date,
          shown: next.shown,
          today,
        }),
      ),
    [go, view, date, today],
  );
  const setView = useCallback((next: PlannerView) => place({ view: next }), [place]);
  const setSelected = useCallback(
    (day: Date) =>
      place({ date: toLocalIsoDate(day), shown: view === 'agenda' ? search.shown : undefined }),
    [place, view, search.shown],
  );
  const setMonth = useCallback(
    (next: Date) => {
      const same =
        next.getFullYear() === selected.getFullYear() && next.getMonth() === selected.getMonth();
      place({
        shown: same ? undefined : toLocalIsoDate(firstOfMonth(next.getFullYear(), next.getMonth())),
      });
    },
    [place, selected],
  );
  const setAnchor = useCallback(
    (day: Date) => {
      const iso = toLocalIsoDate(day);
      place({ shown: iso === today ? undefined : iso });
    },
    [place, today],
  );
  const goToday = useCallback(() => place({ date: today }), [place, today]);
  useTodayKey(goToday);

  const { from, to } = visibleRange(view, month, selected, anchor);
  const events = useQuery({ ...rangeEventsQuery(from, to), placeholderData: keepPreviousData });
  const todos = useQuery({ ...rangeTodosQuery(from, to), placeholderData: keepPreviousData });
  const items = useMemo(
    () => groupByDay(events.data ?? [], todos.data ?? []),
    [events.data, todos.data],
  );
  const overdue = useMemo(() => overdueDays(todos.data ?? [], today), [todos.data, today]);

  useEffect(() => {
    if (view === 'month') prefetchNeighbours(queryClient, month);
  }, [queryClient, view, month]);

  return {
    view,
    setView,
    selected,
    setSelected,
    month,
    setMonth,
    anchor,
    setAnchor,
    today,
    goToday,
    from,
    to,
    items,
    overdue,
    todos: todos.data,
  };
}

type Planner = ReturnType<typeof usePlanner>;

/** The planner's toolbar and its current view. */
export function PlannerViews({ planner }: { planner: Planner }) {
  const { view, setView, selected, setSelected, month, setMonth, today, goToday, items, overdue } =
    planner;
  const overdueSet = useMemo(() => new Set(overdue), [overdue]);
  const dayContent = useCallback(
    (day: Date) => {
      const iso = toLocalIsoDate(day);
      const dayItems = items.get(iso);
      const late = overdueSet.has(iso);
      if (!dayItems && !late) return null;
      return <CellItems items={dayItems ?? { events: [], todos: [] }} overdue={late} />;
    },
    [items, overdueSet],
  );

  const stepBy = view === 'week' ? 7 : AGENDA_DAYS;
  const move = (days: number) => {
    if (view === 'week') setSelected(addDays(selected, days));
    else planner.setAnchor(addDays(planner.anchor, days));
  };
  const step =
    view === 'month'
      ? undefined
      : {
          title: `${SHORT.format(new Date(`${planner.from}T00:00`))} – ${SHORT.format(new Date(`${planner.to}T00:00`))}`,
          unit: view === 'week' ? 'week' : '30 days',
          onPrev: () => move(-stepBy),
          onNext: () => move(stepBy),
        };

  return (
    <>
      <PlannerToolbar view={view} onView={setView} onToday={goToday} step={step} />
      {view === 'month' ? (
        <DrillCalendar
          selected={selected}
          onSelect={setSelected}
          month={month}
          onMonthChange={setMonth}
          eventDays={[...items.keys()].filter((d) => (items.get(d)?.events.length ?? 0) > 0)}
          overdueDays={overdue}
          dayContent={dayContent}
        />
      ) : view === 'week' ? (
        <WeekView
          days={weekDays(selected)}
          selected={toLocalIsoDate(selected)}
          today={today}
          items={items}
          onSelect={setSelected}
        />
      ) : (
        <AgendaView
          days={isoDays(planner.anchor, AGENDA_DAYS)}
          today={today}
          items={items}
          onSelect={setSelected}
        />
      )}
    </>
  );
}
