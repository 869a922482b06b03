// The stadium plan as one SVG: the free seats of each price category and the taken seats are one
// <path> each (drawn again only when availability changes), the shopper's own seats a few circles
// over them (they change on a click), a ring on the seat the keyboard is on. Click or tap a seat,
// or move with the arrow keys and press Enter or Space; zoom with the buttons, the wheel, a pinch or
// + and -, pan by dragging. A screen reader hears the seat the keyboard is on (a live region).
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import {
  dotsPath,
  firstSeat,
  neighbourSeat,
  openingView,
  panView,
  seatAtPoint,
  seatGroups,
  viewBoxOf,
  viewShowing,
  zoomView,
  type Direction,
  type PlanView,
  type SeatLayout,
} from './seat-plan.ts';
import { SEAT_COLOURS } from './seat-colours.ts';

const KEY_DIRECTIONS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
/** A pointer that moved less than this (CSS pixels) between down and up clicked. */
const CLICK_SLOP = 8;
const WHOLE: PlanView = { scale: 1, x: 0, y: 0 };

type Props = {
  layout: SeatLayout;
  pitch?: { x: number; y: number; width: number; height: number } | null;
  colourOf: (code: string) => string;
  taken: ReadonlySet<number>;
  /** the shopper's seats: held, or clicked and being held */
  selected: readonly number[];
  /** what a screen reader says for a seat (its place, category, price and state) */
  seatLabel: (seat: number) => string;
  onToggle: (seat: number) => void;
  disabled?: boolean;
  /** Shows the list of free seats instead (offered beside a plan opened zoomed on a phone). */
  onShowList?: () => void;
};

/**
 * The seats that do not change on a click: one path per category of free seats, one for the taken
 * (smaller dots: told apart by more than their colour). Each seat is a dot of the path's stroke.
 */
const SeatLayers = memo(function SeatLayers({ layout, taken, colourOf }: { layout: SeatLayout; taken: ReadonlySet<number>; colourOf: (code: string) => string }) {
  const groups = useMemo(() => seatGroups(layout, taken), [layout, taken]);
  const r = layout.radius;
  return (
    <g fill="none" strokeLinecap="round">
      {[...groups.free].map(([code, seats]) => (
        <path key={code} className="seat-plan__free" data-category={code} stroke={colourOf(code)} strokeWidth={r * 2} d={dotsPath(layout, seats)} />
      ))}
      <path className="seat-plan__taken" stroke={SEAT_COLOURS.taken} strokeWidth={r * 1.4} d={dotsPath(layout, groups.taken)} />
    </g>
  );
});

const SectionLabels = memo(function SectionLabels({ layout }: { layout: SeatLayout }) {
  return (
    <g className="seat-plan__labels" aria-hidden="true" fontSize={layout.radius * 3.2}>
      {layout.sections.map((section) => (
        <text key={section.id} x={section.label.x} y={section.label.y} textAnchor="middle" dominantBaseline="central">
          {section.name}
        </text>
      ))}
    </g>
  );
});

export function SeatPlanSvg({ layout, pitch, colourOf, taken, selected, seatLabel, onToggle, disabled, onShowList }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<PlanView>(WHOLE);
  /** The section the plan opened zoomed to on a narrow screen; null: it opened whole. */
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number; startX: number; startY: number }>());
  const gesture = useRef<{ moved: boolean; pinch: number | null }>({ moved: false, pinch: null });
  const { width, height } = layout;

  /** A point on the screen as plan coordinates (the frame has the plan's aspect ratio). */
  const toPlan = (clientX: number, clientY: number) => {
    const rect = frame.current!.getBoundingClientRect();
    const fx = (clientX - rect.left) / rect.width;
    const fy = (clientY - rect.top) / rect.height;
    return { fx, fy, x: view.x + (fx * width) / view.scale, y: view.y + (fy * height) / view.scale };
  };

  // a phone's frame draws the whole stadium with seats a few pixels apart: it opens zoomed to the
  // shopper's stand or the best free block (the server renders the whole plan; the width is known here)
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const opening = openingView(layout, taken, selected, element.getBoundingClientRect().width);
    if (opening.view.scale <= 1) return;
    setView(opening.view);
    setOpenedAt(opening.section ?? '');
    // once, when the plan is first shown: later changes of the seats must not move the shopper's view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  // the wheel zooms around the pointer; at the end of the zoom range the page scrolls as usual
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const zoomIn = event.deltaY < 0;
      setView((current) => {
        if ((zoomIn && current.scale >= 8) || (!zoomIn && current.scale <= 1)) return current;
        event.preventDefault();
        const rect = element.getBoundingClientRect();
        return zoomView(current, Math.exp(-event.deltaY * 0.002), (event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height, width, height);
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [width, height]);

  const moveTo = (seat: number) => {
    setActive(seat);
    setView((current) => viewShowing(current, layout.x[seat], layout.y[seat], layout.radius * 4, width, height));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) {
      event.preventDefault();
      const start = active ?? firstSeat(layout);
      if (start === null) return;
      const next = active === null ? start : neighbourSeat(layout, active, direction);
      if (next !== null) moveTo(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && active !== null) {
      event.preventDefault();
      if (!disabled) onToggle(active);
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      event.preventDefault();
      const at = active === null ? { fx: 0.5, fy: 0.5 } : { fx: (layout.x[active] - view.x) / (width / view.scale), fy: (layout.y[active] - view.y) / (height / view.scale) };
      setView(zoomView(view, event.key === '-' ? 1 / 1.5 : 1.5, at.fx, at.fy, width, height));
    } else if (event.key === '0') {
      setView(WHOLE);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
    if (pointers.current.size === 1) gesture.current = { moved: false, pinch: null };
    else gesture.current.moved = true;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const pointer = pointers.current.get(event.pointerId);
    if (!pointer) return;
    const rect = frame.current!.getBoundingClientRect();
    if (pointers.current.size === 2) {
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const previous = gesture.current.pinch;
      gesture.current.pinch = distance;
      if (previous) {
        const fx = ((a.x + b.x) / 2 - rect.left) / rect.width;
        const fy = ((a.y + b.y) / 2 - rect.top) / rect.height;
        setView((current) => zoomView(current, distance / previous, fx, fy, width, height));
      }
      return;
    }
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    if (!gesture.current.moved && Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY) < CLICK_SLOP) return;
    if (!gesture.current.moved) event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current.moved = true;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    setView((current) => panView(current, (-dx / rect.width) * (width / current.scale), (-dy / rect.height) * (height / current.scale), width, height));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const pointer = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current.pinch = null;
    if (!pointer || gesture.current.moved) return;
    const point = toPlan(event.clientX, event.clientY);
    const seat = seatAtPoint(layout, point.x, point.y);
    if (seat === null) return;
    setActive(seat);
    if (!disabled) onToggle(seat);
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    gesture.current.pinch = null;
  };

  const zoomBy = (factor: number) => setView((current) => zoomView(current, factor, 0.5, 0.5, width, height));
  const selectedPath = useMemo(() => dotsPath(layout, selected), [layout, selected]);
  const r = layout.radius;

  return (
    <div className="seat-plan">
      <div className="seat-plan__zoom" role="group" aria-label={t('tickets.plan')}>
        <button type="button" className="button seat-plan__zoom-button" onClick={() => zoomBy(1.5)} disabled={view.scale >= 8} aria-label={t('tickets.zoomIn')}>
          +
        </button>
        <button type="button" className="button seat-plan__zoom-button" onClick={() => zoomBy(1 / 1.5)} disabled={view.scale <= 1} aria-label={t('tickets.zoomOut')}>
          −
        </button>
        <button type="button" className="button seat-plan__zoom-button" onClick={() => setView(WHOLE)} disabled={view.scale <= 1}>
          {t('tickets.zoomReset')}
        </button>
      </div>
      {openedAt !== null && view.scale > 1 && (
        <p className="seat-plan__opened" data-testid="seat-plan-opened">
          {openedAt ? t('tickets.openedZoomed', { section: openedAt }) : null}
          {onShowList ? (
            <>
              {' '}
              <button type="button" className="link-button" onClick={onShowList}>
                {t('tickets.chooseFromList')}
              </button>
            </>
          ) : null}
        </p>
      )}
      <div
        ref={frame}
        className={`seat-plan__frame${view.scale > 1 ? ' seat-plan__frame--zoomed' : ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        role="application"
        aria-label={t('tickets.plan')}
        aria-describedby="seat-plan-help"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        data-scale={view.scale.toFixed(2)}
      >
        <svg className="seat-plan__svg" viewBox={viewBoxOf(view, width, height)} preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">
          {pitch ? (
            <g className="seat-plan__pitch">
              <rect x={pitch.x} y={pitch.y} width={pitch.width} height={pitch.height} rx={r * 2} />
              <text x={pitch.x + pitch.width / 2} y={pitch.y + pitch.height / 2} textAnchor="middle" dominantBaseline="central" fontSize={Math.min(pitch.height / 6, r * 8)}>
                {t('tickets.pitch')}
              </text>
            </g>
          ) : null}
          <SeatLayers layout={layout} taken={taken} colourOf={colourOf} />
          {/* the shopper's seats: a dark ring (a wider dot under) round a red dot */}
          <g fill="none" strokeLinecap="round">
            <path stroke={SEAT_COLOURS.selectedRing} strokeWidth={r * 2.5} d={selectedPath} />
            <path className="seat-plan__selected" stroke={SEAT_COLOURS.selected} strokeWidth={r * 1.7} d={selectedPath} data-seats={selected.join(' ')} />
          </g>
          <SectionLabels layout={layout} />
          {focused && active !== null ? (
            <circle className="seat-plan__focus" cx={layout.x[active]} cy={layout.y[active]} r={r * 1.9} fill="none" stroke={SEAT_COLOURS.focus} strokeWidth={r * 0.7} />
          ) : null}
        </svg>
      </div>
      <p id="seat-plan-help" className="visually-hidden">
        {t('tickets.planHelp')}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="seat-plan-active">
        {focused && active !== null ? seatLabel(active) : ''}
      </p>
    </div>
  );
}
