// The free seats as a list, by section and row: the plan's alternative for screen readers and small
// phones. A section opens to its rows; only an open section's seats are rendered (a stadium has
// 8 000), each a toggle button named like the plan names it ("Sektor B, řada 3, místo 12, ...").
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { freeSeatsBySection, type SeatLayout } from './seat-plan.ts';

type Props = {
  layout: SeatLayout;
  taken: ReadonlySet<number>;
  selected: readonly number[];
  seatName: (seat: number) => string;
  onToggle: (seat: number) => void;
  disabled?: boolean;
};

export function FreeSeatList({ layout, taken, selected, seatName, onToggle, disabled }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // the shopper's own seats stay in the list (to be let go from it too)
  const sections = useMemo(() => {
    const notMine = new Set(taken);
    for (const seat of selected) notMine.delete(seat);
    return freeSeatsBySection(layout, notMine);
  }, [layout, taken, selected]);

  return (
    <div className="free-seats">
      <h2 className="free-seats__heading">{t('tickets.listHeading')}</h2>
      {sections.map((section) => (
        <details
          key={section.id}
          className="free-seats__section"
          open={open.has(section.id)}
          onToggle={(event) => {
            const isOpen = event.currentTarget.open;
            setOpen((current) => {
              const next = new Set(current);
              if (isOpen) next.add(section.id);
              else next.delete(section.id);
              return next;
            });
          }}
        >
          <summary>{t('tickets.sectionFree', { name: section.name, count: section.free })}</summary>
          {open.has(section.id)
            ? section.rows.map((row) => (
                <div key={row.name} className="free-seats__row" role="group" aria-label={`${t('tickets.rowName', { row: row.name })}`}>
                  <h3 className="free-seats__row-name">{t('tickets.rowName', { row: row.name })}</h3>
                  <ul className="free-seats__seats">
                    {row.seats.map((seat) => (
                      <li key={seat}>
                        <button type="button" className="free-seats__seat" aria-pressed={selected.includes(seat)} aria-label={seatName(seat)} disabled={disabled} onClick={() => onToggle(seat)}>
                          {layout.number[seat]}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ))
            : null}
        </details>
      ))}
    </div>
  );
}
