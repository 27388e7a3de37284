// The table's columns: a preset (triage, retrieval, labelling, rewards), and per column whether it
// shows, whether it is pinned to the left, its width and its place. Changes apply at once and are
// kept (localStorage, and the link: state/table-url.ts).
import {
  type ColumnKey,
  type ColumnLayout,
  COLUMN_KEYS,
  MAX_WIDTH,
  MIN_WIDTH,
  normalizeLayout,
  PRESET_NAMES,
  PRESETS,
  presetLayout,
} from '../../../core/table/columns';
import { COLUMN_BY_KEY, columnWidth } from '../../pages/table-columns';
import { useUi } from '../../state/ui-store';
import { useDetailsMenu } from '../shell/use-menu-dismiss';

const PRESET_HELP: Record<(typeof PRESET_NAMES)[number], string> = {
  all: 'Every column but the training ones.',
  triage: 'Is the answer right, and did the agent search too much or too little?',
  retrieval: 'Did retrieval find the evidence: recall, answer in docs, R@k, P@k.',
  labelling: 'What is left to label: flags and label status.',
  rewards: 'Training samples: the trainer’s reward beside EM, F1, Acc and the judge.',
};

/** The preset the layout's shown columns are, if any. */
function presetOf(l: ColumnLayout): string {
  return PRESET_NAMES.find((p) => PRESETS[p].join() === l.visible.join()) ?? '';
}

export function ColumnChooser() {
  const layout = useUi((s) => s.layout);
  const setLayout = useUi((s) => s.setLayout);
  const set = (l: ColumnLayout) => setLayout(normalizeLayout(l));
  const toggle = (k: ColumnKey, on: boolean) =>
    set({
      ...layout,
      visible: on ? [...layout.visible, k] : layout.visible.filter((x) => x !== k),
    });
  const pin = (k: ColumnKey, on: boolean) =>
    set({ ...layout, pinned: on ? [...layout.pinned, k] : layout.pinned.filter((x) => x !== k) });
  const move = (k: ColumnKey, by: -1 | 1) => {
    const v = [...layout.visible];
    const i = v.indexOf(k);
    const j = i + by;
    if (i < 0 || j < 0 || j >= v.length) return;
    [v[i], v[j]] = [v[j]!, v[i]!];
    set({ ...layout, visible: v });
  };
  // Shown columns in their order, then the hidden ones.
  const rows = [...layout.visible, ...COLUMN_KEYS.filter((k) => !layout.visible.includes(k))];
  const current = presetOf(layout);
  const menu = useDetailsMenu();
  return (
    <>
      <select
        aria-label="Column preset"
        value={current}
        data-testid="column-preset"
        onChange={(e) => {
          const p = PRESET_NAMES.find((n) => n === e.target.value);
          if (p) set({ ...presetLayout(p), widths: layout.widths });
        }}
        title="Which columns the table shows"
      >
        <option value="" disabled>
          Columns: custom
        </option>
        {PRESET_NAMES.map((p) => (
          <option key={p} value={p} title={PRESET_HELP[p]}>
            Columns: {p}
          </option>
        ))}
      </select>
      <details className="menu col-chooser" data-testid="column-chooser" {...menu}>
        <summary>Columns ▾</summary>
        <div className="menu-panel">
          <div className="menu-row">
            <button type="button" onClick={() => set({ ...layout, visible: [...COLUMN_KEYS] })}>
              Show all
            </button>
            <button type="button" onClick={() => set({ ...layout, widths: {} })}>
              Reset widths
            </button>
          </div>
          <table className="col-list">
            <thead>
              <tr>
                <th>Column</th>
                <th>Show</th>
                <th>Pin</th>
                <th>Width</th>
                <th>Order</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((k) => {
                const c = COLUMN_BY_KEY.get(k)!;
                const shown = layout.visible.includes(k);
                return (
                  <tr key={k} data-col={k} title={c.help}>
                    <td>{c.title}</td>
                    <td>
                      <input
                        type="checkbox"
                        checked={shown}
                        aria-label={`Show ${c.title}`}
                        onChange={(e) => toggle(k, e.target.checked)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        checked={layout.pinned.includes(k)}
                        disabled={!shown}
                        aria-label={`Pin ${c.title}`}
                        onChange={(e) => pin(k, e.target.checked)}
                      />
                    </td>
                    <td>
                      <input
                        // Uncontrolled, committed on Enter or leaving it: typing 200 passes through 2.
                        key={`${k}:${columnWidth(k, layout)}`}
                        type="number"
                        min={MIN_WIDTH}
                        max={MAX_WIDTH}
                        step={10}
                        disabled={!shown}
                        defaultValue={columnWidth(k, layout)}
                        aria-label={`Width of ${c.title} (px)`}
                        onBlur={(e) => {
                          const n = Number(e.target.value);
                          if (Number.isFinite(n) && n > 0 && n !== columnWidth(k, layout))
                            set({ ...layout, widths: { ...layout.widths, [k]: n } });
                        }}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') e.currentTarget.blur();
                        }}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        disabled={!shown}
                        aria-label={`Move ${c.title} left`}
                        onClick={() => move(k, -1)}
                      >
                        ←
                      </button>
                      <button
                        type="button"
                        disabled={!shown}
                        aria-label={`Move ${c.title} right`}
                        onClick={() => move(k, 1)}
                      >
                        →
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
