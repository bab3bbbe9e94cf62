import { NavButton } from '../../components/nav-button';
import type { PlannerView } from './planner-search';

export type { PlannerView };

const VIEWS: Array<{ id: PlannerView; label: string }> = [
  { id: 'month', label: 'Month' },
  { id: 'week', label: 'Week' },
  { id: 'agenda', label: 'Agenda' },
];

interface ToolbarProps {
  view: PlannerView;
  onView: (view: PlannerView) => void;
  onToday: () => void;
  /** Previous/next for the week and agenda views (the month has its own, by its caption). */
  step?: { title: string; unit: string; onPrev: () => void; onNext: () => void };
}

export function PlannerToolbar({ view, onView, onToday, step }: ToolbarProps) {
  return (
    <div className="planner-toolbar">
      <button type="button" className="btn btn-secondary" onClick={onToday} aria-keyshortcuts="t">
        <span>Today</span>
      </button>
      {step ? (
        <div className="planner-step">
          <NavButton direction="prev" label={`Previous ${step.unit}`} onClick={step.onPrev} />
          <h2 className="planner-range" aria-live="polite">
            {step.title}
          </h2>
          <NavButton direction="next" label={`Next ${step.unit}`} onClick={step.onNext} />
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons. */}
      <div className="planner-views" role="group" aria-label="View">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            className={view === v.id ? 'view-btn active' : 'view-btn'}
            aria-pressed={view === v.id}
            onClick={() => onView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
    </div>
  );
}
